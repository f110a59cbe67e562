import { Alert, Badge, Box, Button, Container, Flex, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useState } from 'react';
import { deleteProperty, fetchProperties, type Property, type PropertyList } from '../../api/properties';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog';
import { toaster } from '../../components/layout/toast-queue';
import { PROPERTY_TYPE_LABELS, PropertyFormDialog } from './PropertyFormDialog';
import { PropertyRoomsAndWindows } from './PropertyRoomsAndWindows';

type PageState = { kind: 'loading' } | { kind: 'failed' } | { kind: 'loaded'; list: PropertyList };

function address(property: Property): string {
  return [property.address1, property.address2, `${property.city}, ${property.state} ${property.zipCode}`]
    .filter(Boolean)
    .join(', ');
}

/** /account/properties: the client's properties, each with its rooms and measured windows. */
export default function PropertiesPage() {
  const [state, setState] = useState<PageState>({ kind: 'loading' });
  const [editing, setEditing] = useState<Property | 'new' | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState<Property | null>(null);

  const load = useCallback(async () => {
    try {
      setState({ kind: 'loaded', list: await fetchProperties() });
    } catch {
      setState({ kind: 'failed' });
      toaster.create({ type: 'error', title: 'Failed to load your properties.' });
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  async function remove(property: Property) {
    setDeleting(property.id);
    try {
      await deleteProperty(property.id);
      toaster.create({ type: 'success', title: `${property.name} deleted.` });
      await load();
    } catch (failure) {
      toaster.create({
        type: 'error',
        title: failure instanceof Error ? failure.message : 'Could not delete the property.',
      });
    } finally {
      setDeleting(null);
    }
  }

  return (
    <Container maxW="5xl" py={{ base: 6, md: 10 }} px={{ base: 4, md: 6 }}>
      <Flex justify="space-between" align="center" gap="3" wrap="wrap" mb="6">
        <Heading as="h1" size="2xl" color="brand.800">
          My Properties
        </Heading>
        <Button colorPalette="brand" onClick={() => setEditing('new')}>
          Add Property
        </Button>
      </Flex>

      {state.kind === 'loading' && (
        <Flex role="status" align="center" gap="3" py="12" justify="center">
          <Spinner color="brand.600" />
          <Text>Loading your properties...</Text>
        </Flex>
      )}
      {state.kind === 'failed' && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Failed to load your properties.</Alert.Title>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={() => void load()}>
            Retry
          </Button>
        </Alert.Root>
      )}
      {state.kind === 'loaded' && state.list.properties.length === 0 && (
        <Box textAlign="center" py="12" borderWidth="1px" borderStyle="dashed" rounded="lg">
          <Text fontSize="lg" mb="2">
            You have no properties yet.
          </Text>
          <Text color="gray.700">
            Add a property to keep its rooms and window measurements, and order blinds for all of them at once.
          </Text>
        </Box>
      )}
      {state.kind === 'loaded' && (
        <Stack gap="6">
          {state.list.properties.map((property) => (
            <Box
              as="article"
              key={property.id}
              aria-label={property.name}
              borderWidth="1px"
              borderColor="brand.200"
              rounded="xl"
              p={{ base: 4, md: 6 }}
              bg="white"
            >
              <Flex justify="space-between" gap="3" wrap="wrap" mb="4">
                <Box minW="0">
                  <Heading as="h2" size="lg" color="brand.800">
                    {property.name}
                  </Heading>
                  <Text color="gray.700">{address(property)}</Text>
                  <HStack gap="2" mt="2" wrap="wrap">
                    <Badge colorPalette="brand">{PROPERTY_TYPE_LABELS[property.propertyType]}</Badge>
                    {property.id === state.list.defaultPropertyId && <Badge colorPalette="oak">Default</Badge>}
                    {property.isCommercial && <Badge>Commercial</Badge>}
                    <Badge colorPalette={property.propertyStatus === 'active' ? 'green' : 'gray'}>
                      {property.propertyStatus === 'active' ? 'Active' : 'Inactive'}
                    </Badge>
                  </HStack>
                  <Text fontSize="sm" color="gray.700" mt="2">
                    Units: {property.completedUnitsCount} of {property.totalUnitsCount} completed · Workflow:{' '}
                    {property.workflowType}
                  </Text>
                </Box>
                <HStack gap="2" align="flex-start">
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Edit ${property.name}`}
                    onClick={() => setEditing(property)}
                  >
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    colorPalette="red"
                    aria-label={`Delete ${property.name}`}
                    disabled={deleting === property.id}
                    onClick={() => setConfirmingDelete(property)}
                  >
                    Delete
                  </Button>
                </HStack>
              </Flex>
              <PropertyRoomsAndWindows propertyId={property.id} propertyName={property.name} />
            </Box>
          ))}
        </Stack>
      )}
      {confirmingDelete && (
        <ConfirmDialog
          open
          title={`Delete ${confirmingDelete.name}?`}
          message={`${confirmingDelete.name} is deleted with its rooms and measured windows. This cannot be undone.`}
          confirmLabel="Delete Property"
          onClose={() => setConfirmingDelete(null)}
          onConfirm={async () => {
            await remove(confirmingDelete);
            setConfirmingDelete(null);
          }}
        />
      )}
      {editing && (
        <PropertyFormDialog
          property={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void load();
          }}
        />
      )}
    </Container>
  );
}
