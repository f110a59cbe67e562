import { Badge, Box, Button, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { CONFIGURATION_TOASTS, type ConfigurationSummary } from '#domain/punchout/configuration';
import { LoadState } from '../../components/layout/LoadState';
import { toaster } from '../../components/layout/toast-queue';
import { useResource } from '../../lib/use-resource';
import { ConfigurationFormDialog } from './configuration/ConfigurationFormDialog';
import { fetchConfigurations } from './punchout-api';
import { RecordDetail } from './RecordDetail';

const NOT_SET = 'Not set';

/** The configurations; a failure is also said in a toast. */
const loadConfigurations = () =>
  fetchConfigurations().catch((error: unknown) => {
    toaster.create({ type: 'error', title: CONFIGURATION_TOASTS.loadConfigurationsFailed });
    throw error;
  });

/** The open form: none, a new configuration, or the configuration being edited. */
type Editing = { configId: string | null } | null;

function ConfigurationCard({ configuration, onEdit }: { configuration: ConfigurationSummary; onEdit: () => void }) {
  const headingId = `configuration-card-${configuration.id}`;
  return (
    <Box as="li" listStyleType="none" borderWidth="1px" borderColor="gray.200" rounded="lg" p="4" bg="white">
      <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
        <Box minW="0">
          <Heading as="h3" id={headingId} size="md" color="brand.800" overflowWrap="anywhere">
            {configuration.propertyName}
          </Heading>
          <Text fontSize="sm" color="gray.700">
            {configuration.buyerSystem}
            {configuration.client ? ` · ${configuration.client.name}` : ''}
          </Text>
        </Box>
        <Flex gap="2" align="center">
          <Badge colorPalette={configuration.active ? 'green' : 'gray'} variant="subtle">
            {configuration.active ? 'Active' : 'Inactive'}
          </Badge>
          <Button
            size="sm"
            variant="outline"
            colorPalette="brand"
            onClick={onEdit}
            aria-label={`Edit ${configuration.propertyName}`}
          >
            Edit
          </Button>
        </Flex>
      </Flex>
      <SimpleGrid as="dl" columns={{ base: 1, sm: 2, lg: 3 }} gap="3" mt="3">
        <RecordDetail label="Account number">{configuration.accountNumber}</RecordDetail>
        <RecordDetail label="Identity">{configuration.identity}</RecordDetail>
        <RecordDetail label="DUNS">{configuration.dunsNumber ?? NOT_SET}</RecordDetail>
        <RecordDetail label="Network ID">{configuration.networkId ?? NOT_SET}</RecordDetail>
        <RecordDetail label="Back orders">{configuration.allowBackorders ? 'Allowed' : 'Not allowed'}</RecordDetail>
        <RecordDetail label="Default availability">
          {configuration.defaultAvailability ? 'Available' : 'Unavailable'}
        </RecordDetail>
        <RecordDetail label="Shared secret">
          {configuration.acceptsDocumentsWithoutSecret
            ? 'Not required'
            : configuration.hasSharedSecret
              ? 'Set'
              : NOT_SET}
        </RecordDetail>
      </SimpleGrid>
      {configuration.credentialWarning && (
        <Text mt="3" fontSize="sm" color="orange.800" overflowWrap="anywhere">
          {configuration.credentialWarning}
        </Text>
      )}
    </Box>
  );
}

/** The procurement buyers' configurations (RealPage and other cXML buyers), one card each, and the form that adds or edits one. */
export function RealPageConfigTab() {
  const configurations = useResource(loadConfigurations);
  const [editing, setEditing] = useState<Editing>(null);

  return (
    <Stack as="section" gap="4" aria-labelledby="realpage-config-heading">
      <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
        <Box maxW="2xl">
          <Heading as="h2" id="realpage-config-heading" size="lg">
            RealPage Integration Configuration
          </Heading>
          <Text mt="1" color="gray.700">
            Each property needs a unique account number and identity. Test a configuration before activating it.
          </Text>
        </Box>
        <Button colorPalette="brand" onClick={() => setEditing({ configId: null })}>
          Add Configuration
        </Button>
      </Flex>
      <LoadState
        resource={configurations.state}
        loading="Loading configurations…"
        failed={CONFIGURATION_TOASTS.loadConfigurationsFailed}
        onRetry={configurations.reload}
      >
        {(loaded) =>
          loaded.length === 0 ? (
            <Stack
              align="center"
              textAlign="center"
              gap="3"
              borderWidth="1px"
              borderStyle="dashed"
              borderColor="gray.300"
              rounded="lg"
              p="8"
            >
              <Heading as="h3" size="md">
                No Configurations Found
              </Heading>
              <Text color="gray.700">Add the first procurement buyer's configuration.</Text>
              <Button colorPalette="brand" variant="outline" onClick={() => setEditing({ configId: null })}>
                Create Configuration
              </Button>
            </Stack>
          ) : (
            <Stack as="ul" gap="3" p="0" aria-label="Configurations">
              {loaded.map((configuration) => (
                <ConfigurationCard
                  key={configuration.id}
                  configuration={configuration}
                  onEdit={() => setEditing({ configId: configuration.id })}
                />
              ))}
            </Stack>
          )
        }
      </LoadState>
      {editing && (
        <ConfigurationFormDialog
          key={editing.configId ?? 'new'}
          configId={editing.configId}
          onClose={() => setEditing(null)}
          // The cards stay in place until the new list arrives.
          onSaved={configurations.refresh}
        />
      )}
    </Stack>
  );
}
