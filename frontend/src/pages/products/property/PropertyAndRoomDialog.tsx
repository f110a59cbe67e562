import { Alert, Button, Flex, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { PriceGrids } from '#domain/catalogue/grids/types';
import { SELECT_PROPERTY_MESSAGE, type WindowOrderChoice } from '#domain/properties/window-order';
import { ensureDefaultProperty, fetchRooms, type PropertyList, type Room } from '../../../api/properties';
import { SiteDialog } from '../../../components/dialog/SiteDialog';
import { LabelledSelect } from '../../../components/form/LabelledSelect';
import { useSignInHref } from '../../../components/layout/account-links';
import { toaster } from '../../../components/layout/toast-queue';
import { storedClientAtom } from '../../../state';
import { WindowOrderDialog } from './WindowOrderDialog';

type Properties = { kind: 'loading' } | { kind: 'failed' } | { kind: 'loaded'; list: PropertyList };

/**
 * The Select Property and Room dialog (SelectPropertyAndRoom.tsx downloads it at its first
 * opening and keeps it, with the property and room chosen): the chosen room labels the line Add to
 * Cart adds, and the property's windows can be ordered all at once. A guest is offered to sign in.
 */
export function PropertyAndRoomDialog({
  open,
  onClose,
  onRoomLabelChange,
  choice,
  grids,
  onSignIn,
}: {
  open: boolean;
  onClose: () => void;
  onRoomLabelChange: (roomLabel: string | null) => void;
  /** The configurator's product, colour and mount: where the window order starts. */
  choice: WindowOrderChoice;
  grids: PriceGrids | null;
  onSignIn: () => void;
}) {
  const client = useAtomValue(storedClientAtom);
  const signInHref = useSignInHref();
  const [properties, setProperties] = useState<Properties>({ kind: 'loading' });
  const [propertyId, setPropertyId] = useState('');
  const [rooms, setRooms] = useState<Room[]>([]);
  const [roomName, setRoomName] = useState('');
  const [ordering, setOrdering] = useState<'requested' | 'open' | null>(null);

  useEffect(() => {
    if (!open || !client) return;
    let current = true;
    setProperties({ kind: 'loading' });
    // A client without a property gets the Default Property here.
    ensureDefaultProperty().then(
      (list) => {
        if (!current) return;
        setProperties({ kind: 'loaded', list });
        setPropertyId((chosen) =>
          list.properties.some((p) => p.id === chosen) ? chosen : (list.defaultPropertyId ?? ''),
        );
      },
      () => current && setProperties({ kind: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [open, client]);

  useEffect(() => {
    if (!propertyId) return;
    let current = true;
    fetchRooms(propertyId).then(
      (list) => current && setRooms(list),
      () => current && setRooms([]),
    );
    return () => {
      current = false;
    };
  }, [propertyId]);

  const property =
    properties.kind === 'loaded' ? properties.list.properties.find((p) => p.id === propertyId) : undefined;

  function applySelection() {
    onRoomLabelChange(roomName || null);
    toaster.create({
      type: 'success',
      title: roomName
        ? `Items you add to the cart will be labelled ${roomName}.`
        : 'No room label for the items you add.',
    });
    onClose();
  }

  function orderWindows() {
    if (!property) {
      toaster.create({ type: 'error', title: SELECT_PROPERTY_MESSAGE });
      return;
    }
    setOrdering('requested');
    onClose();
  }

  return (
    <>
      {/* The order dialog opens once this one has gone, or the click that closed this one would close it too. */}
      <SiteDialog
        open={open}
        onClose={onClose}
        onExitComplete={() => setOrdering((state) => (state === 'requested' ? 'open' : state))}
        size={{ base: 'full', sm: 'md' }}
        titleFontSize="xl"
        title="Select Property and Room"
        footer={
          client &&
          properties.kind === 'loaded' && (
            <Flex wrap="wrap" gap="2" justify="flex-end">
              <Button variant="outline" colorPalette="brand" onClick={orderWindows}>
                {roomName ? 'Order windows for this room' : 'Order windows for this property'}
              </Button>
              <Button colorPalette="brand" onClick={applySelection}>
                Use for Add to Cart
              </Button>
            </Flex>
          )
        }
      >
        {!client ? (
          <Text>
            Please sign in to choose one of your properties and rooms.{' '}
            <Link asChild color="brand.700" fontWeight="semibold">
              <RouterLink to={signInHref} onClick={onSignIn}>
                Sign in
              </RouterLink>
            </Link>
          </Text>
        ) : properties.kind === 'loading' ? (
          <Flex role="status" gap="2" align="center">
            <Spinner size="sm" color="brand.600" />
            <Text>Loading your properties...</Text>
          </Flex>
        ) : properties.kind === 'failed' ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>Failed to load your properties.</Alert.Title>
          </Alert.Root>
        ) : (
          <Stack gap="4">
            <LabelledSelect
              label="Property"
              required
              value={propertyId}
              options={properties.list.properties.map((p) => ({ value: p.id, label: p.name }))}
              onChange={(id) => {
                setPropertyId(id);
                setRoomName('');
              }}
            />
            <LabelledSelect
              label="Room (optional)"
              value={roomName}
              options={[
                { value: '', label: 'All rooms' },
                ...rooms.map((room) => ({ value: room.name, label: room.name })),
              ]}
              onChange={setRoomName}
            />
            <Text fontSize="sm" color="gray.700">
              Rooms and window measurements are kept on{' '}
              <Link asChild color="brand.700">
                <RouterLink to="/account/properties">My Properties</RouterLink>
              </Link>
              .
            </Text>
          </Stack>
        )}
      </SiteDialog>
      {ordering === 'open' && property && (
        <WindowOrderDialog
          propertyId={property.id}
          propertyName={property.name}
          roomName={roomName || null}
          initial={choice}
          grids={grids}
          onClose={() => setOrdering(null)}
        />
      )}
    </>
  );
}
