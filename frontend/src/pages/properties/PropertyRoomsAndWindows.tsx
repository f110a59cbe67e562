import { Alert, Box, Button, chakra, Flex, Heading, HStack, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { formatSize } from '#domain/cart/line';
import { orderingSize } from '#domain/properties/window-order';
import { ApiError } from '../../api/client';
import {
  addRoom,
  deleteRoom,
  deleteWindow,
  fetchRooms,
  fetchWindows,
  type PropertyWindow,
  type Room,
} from '../../api/properties';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog';
import { toaster } from '../../components/layout/toast-queue';
import { WindowFormDialog } from './WindowFormDialog';

type Loaded = { kind: 'loading' } | { kind: 'failed' } | { kind: 'loaded'; rooms: Room[]; windows: PropertyWindow[] };

const inches = (value: number) => formatSize({ inches: Math.floor(value), eighths: Math.round((value % 1) * 8) });

/** A property's rooms (add, remove) and measured windows (add, edit, remove). */
export function PropertyRoomsAndWindows({ propertyId, propertyName }: { propertyId: string; propertyName: string }) {
  const [state, setState] = useState<Loaded>({ kind: 'loading' });
  const [newRoom, setNewRoom] = useState('');
  const [roomError, setRoomError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<PropertyWindow | 'new' | null>(null);
  const [removingWindow, setRemovingWindow] = useState<{ window: PropertyWindow; name: string } | null>(null);
  const roomInputId = useId();

  const load = useCallback(async () => {
    try {
      const [rooms, windows] = await Promise.all([fetchRooms(propertyId), fetchWindows(propertyId)]);
      setState({ kind: 'loaded', rooms, windows });
    } catch {
      setState({ kind: 'failed' });
    }
  }, [propertyId]);

  useEffect(() => {
    void load();
  }, [load]);

  async function act(action: () => Promise<unknown>, success: string) {
    setBusy(true);
    try {
      await action();
      toaster.create({ type: 'success', title: success });
      await load();
    } catch (failure) {
      toaster.create({
        type: 'error',
        title: failure instanceof Error ? failure.message : 'Something went wrong. Please try again.',
      });
    } finally {
      setBusy(false);
    }
  }

  async function submitRoom(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!newRoom.trim()) {
      setRoomError('Please enter a room name.');
      return;
    }
    setRoomError(null);
    setBusy(true);
    try {
      await addRoom(propertyId, newRoom.trim());
      toaster.create({ type: 'success', title: 'Room added.' });
      setNewRoom('');
      await load();
    } catch (failure) {
      setRoomError(
        failure instanceof ApiError ? (failure.fieldErrors.name ?? failure.message) : 'Could not add the room.',
      );
    } finally {
      setBusy(false);
    }
  }

  if (state.kind === 'loading') {
    return (
      <Flex role="status" align="center" gap="2" py="3">
        <Spinner size="sm" color="brand.600" />
        <Text>Loading rooms and windows...</Text>
      </Flex>
    );
  }
  if (state.kind === 'failed') {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Could not load the rooms and windows of {propertyName}.</Alert.Title>
        </Alert.Content>
        <Button size="sm" variant="outline" onClick={() => void load()}>
          Retry
        </Button>
      </Alert.Root>
    );
  }

  const { rooms, windows } = state;
  return (
    <Stack gap="5">
      <Stack as="section" aria-label={`Rooms of ${propertyName}`} gap="2">
        <Heading as="h3" size="sm">
          Rooms
        </Heading>
        {rooms.length === 0 ? (
          <Text color="gray.700">No rooms yet.</Text>
        ) : (
          <Flex as="ul" wrap="wrap" gap="2" listStyleType="none">
            {rooms.map((room) => (
              <HStack
                as="li"
                key={room.id}
                gap="1"
                borderWidth="1px"
                borderColor="brand.200"
                rounded="full"
                pl="3"
                pr="1"
                py="0.5"
              >
                <Text>{room.name}</Text>
                <Button
                  size="xs"
                  variant="ghost"
                  disabled={busy}
                  aria-label={`Remove room ${room.name}`}
                  onClick={() => act(() => deleteRoom(propertyId, room.id), 'Room removed.')}
                >
                  Remove
                </Button>
              </HStack>
            ))}
          </Flex>
        )}
        <chakra.form onSubmit={submitRoom} noValidate>
          <chakra.label htmlFor={roomInputId} fontSize="sm" fontWeight="semibold" display="block" mb="1">
            New room name
          </chakra.label>
          <Flex gap="2" wrap="wrap">
            <Input
              id={roomInputId}
              name="roomName"
              maxW="xs"
              flex="1"
              minW="40"
              value={newRoom}
              aria-invalid={roomError ? true : undefined}
              aria-describedby={roomError ? `${roomInputId}-error` : undefined}
              onChange={(event) => setNewRoom(event.target.value)}
            />
            <Button type="submit" variant="outline" colorPalette="brand" disabled={busy}>
              Add Room
            </Button>
          </Flex>
          {roomError && (
            <Text id={`${roomInputId}-error`} color="red.700" fontSize="sm" mt="1">
              {roomError}
            </Text>
          )}
        </chakra.form>
      </Stack>

      <Stack as="section" aria-label={`Windows of ${propertyName}`} gap="2">
        <Flex justify="space-between" align="center" gap="2" wrap="wrap">
          <Heading as="h3" size="sm">
            Windows
          </Heading>
          <Button size="sm" colorPalette="brand" onClick={() => setEditing('new')}>
            Add Window
          </Button>
        </Flex>
        {windows.length === 0 ? (
          <Text color="gray.700">No windows measured yet.</Text>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none">
            {windows.map((window, index) => {
              const inside = orderingSize(window, 'inside');
              return (
                <Box as="li" key={window.id} borderWidth="1px" borderColor="gray.200" rounded="md" p="3">
                  <Flex justify="space-between" gap="2" wrap="wrap">
                    <Box minW="0">
                      <Text fontWeight="semibold">
                        Window {index + 1}
                        {window.label ? `: ${window.label}` : ''} {window.roomName ? `(${window.roomName})` : ''}
                      </Text>
                      <Text fontSize="sm" color="gray.700">
                        Widths {inches(window.widthTop)} / {inches(window.widthMiddle)} / {inches(window.widthBottom)},
                        height {inches(window.height)}
                      </Text>
                      <Text fontSize="sm" color="gray.700">
                        Inside mount orders {formatSize(inside.width)} x {formatSize(inside.length)}
                      </Text>
                    </Box>
                    <HStack gap="1">
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={`Edit window ${index + 1}`}
                        onClick={() => setEditing(window)}
                      >
                        Edit
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        colorPalette="red"
                        disabled={busy}
                        aria-label={`Remove window ${index + 1}`}
                        onClick={() =>
                          setRemovingWindow({
                            window,
                            name: `Window ${index + 1}${window.label ? ` (${window.label})` : ''}`,
                          })
                        }
                      >
                        Remove
                      </Button>
                    </HStack>
                  </Flex>
                </Box>
              );
            })}
          </Stack>
        )}
      </Stack>
      {removingWindow && (
        <ConfirmDialog
          open
          title={`Remove ${removingWindow.name}?`}
          message={`Its measurements are deleted from ${propertyName}. This cannot be undone.`}
          confirmLabel="Remove Window"
          onClose={() => setRemovingWindow(null)}
          onConfirm={async () => {
            await act(() => deleteWindow(propertyId, removingWindow.window.id), `${removingWindow.name} removed.`);
            setRemovingWindow(null);
          }}
        />
      )}
      {editing && (
        <WindowFormDialog
          propertyId={propertyId}
          rooms={rooms}
          window={editing === 'new' ? null : editing}
          defaultRoom={rooms[0]?.name ?? ''}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void load();
          }}
        />
      )}
    </Stack>
  );
}
