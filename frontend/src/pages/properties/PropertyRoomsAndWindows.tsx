import { Alert, Button, chakra, Flex, Heading, HStack, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { scheduleFileName } from '#domain/properties/schedule-csv';
import {
  inChunks,
  NO_ITEMS_ADDED_MESSAGE,
  WINDOW_ORDER_CHUNK,
  windowReorderMessage,
} from '#domain/properties/window-order';
import { groupThousands } from '#domain/thousands';
import { ApiError } from '../../api/client';
import { announceCartChanged } from '../../api/cart';
import { WorkProgress } from '../../components/layout/WorkProgress';
import {
  addRoom,
  deleteRoom,
  deleteWindow,
  exportSchedule,
  fetchRooms,
  fetchWindows,
  reorderWindows,
  type PropertyWindow,
  type Room,
} from '../../api/properties';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog';
import { toaster } from '../../components/layout/toast-queue';
import { onDemand } from '../../components/layout/useOnDemand';
import { saveAs } from '../../lib/save-file';
import { PropertyWindowList } from './PropertyWindowList';
import { WindowFormDialog } from './WindowFormDialog';

const useScheduleImportDialog = onDemand(() =>
  import('./ScheduleImportDialog').then((module) => module.ScheduleImportDialog),
);
const usePropertyOrderDialog = onDemand(() =>
  import('./PropertyOrderDialog').then((module) => module.PropertyOrderDialog),
);

type Loaded = { kind: 'loading' } | { kind: 'failed' } | { kind: 'loaded'; rooms: Room[]; windows: PropertyWindow[] };

/**
 * A property's rooms (add, remove) and measured windows (add, edit, remove, import from a
 * spreadsheet, export), and ordering them: all, a selection, or again as last ordered.
 */
export function PropertyRoomsAndWindows({ propertyId, propertyName }: { propertyId: string; propertyName: string }) {
  const [state, setState] = useState<Loaded>({ kind: 'loading' });
  const [newRoom, setNewRoom] = useState('');
  const [roomError, setRoomError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<PropertyWindow | 'new' | null>(null);
  const [removingWindow, setRemovingWindow] = useState<{ window: PropertyWindow; name: string } | null>(null);
  const [importing, setImporting] = useState(false);
  const [ordering, setOrdering] = useState<string[] | null>(null);
  const [reordering, setReordering] = useState<{ done: number; total: number } | null>(null);
  const roomInputId = useId();
  const ScheduleImportDialog = useScheduleImportDialog(importing, () => {
    setImporting(false);
    toaster.create({ type: 'error', title: 'Could not open the import. Please try again.' });
  });
  const PropertyOrderDialog = usePropertyOrderDialog(ordering !== null, () => {
    setOrdering(null);
    toaster.create({ type: 'error', title: 'Could not open the order. Please try again.' });
  });

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

  async function exportCsv() {
    setBusy(true);
    try {
      saveAs(scheduleFileName(propertyName), await exportSchedule(propertyId), 'text/csv');
    } catch (failure) {
      toaster.create({
        type: 'error',
        title: failure instanceof Error ? failure.message : 'Could not export the windows.',
      });
    } finally {
      setBusy(false);
    }
  }

  /** The windows as each was last ordered, in parts as an order is, with its progress. */
  async function orderAgain(windowIds: string[]) {
    const total = { addedCount: 0, totalCents: 0, failures: 0, neverOrdered: 0 };
    setBusy(true);
    setReordering({ done: 0, total: windowIds.length });
    try {
      let done = 0;
      for (const chunk of inChunks(windowIds, WINDOW_ORDER_CHUNK)) {
        try {
          const result = await reorderWindows(propertyId, { windowIds: chunk }, { quietly: true });
          total.addedCount += result.addedCount;
          total.totalCents += result.totalCents;
          total.failures += result.failures.length;
          total.neverOrdered += result.neverOrdered.length;
        } catch (failure) {
          // A part none of whose windows was ordered before adds nothing, and says so: the others still go.
          const body =
            failure instanceof ApiError ? (failure.body as { neverOrdered?: string[] } | undefined) : undefined;
          if (!body?.neverOrdered) throw failure;
          total.neverOrdered += body.neverOrdered.length;
        }
        done += chunk.length;
        setReordering({ done, total: windowIds.length });
      }
      if (total.addedCount > 0) toaster.create({ type: 'success', title: windowReorderMessage(total) });
      else toaster.create({ type: 'error', title: NO_ITEMS_ADDED_MESSAGE });
      if (total.neverOrdered > 0)
        toaster.create({
          type: 'info',
          title: `${groupThousands(total.neverOrdered)} window(s) had not been ordered before: use Order Selected to choose a product for them.`,
        });
      if (total.failures > 0)
        toaster.create({ type: 'warning', title: `${groupThousands(total.failures)} window(s) could not be added.` });
    } catch (failure) {
      toaster.create({
        type: 'error',
        title: `${failure instanceof Error ? failure.message : 'Could not order the windows again.'} ${groupThousands(total.addedCount)} blind(s) were added before it stopped.`,
      });
    } finally {
      setReordering(null);
      setBusy(false);
      announceCartChanged();
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
          <HStack gap="2" wrap="wrap">
            <Button size="sm" variant="outline" colorPalette="brand" onClick={() => setImporting(true)}>
              Import from CSV
            </Button>
            <Button
              size="sm"
              variant="outline"
              colorPalette="brand"
              disabled={busy || windows.length === 0}
              onClick={() => void exportCsv()}
            >
              Export CSV
            </Button>
            <Button size="sm" colorPalette="brand" onClick={() => setEditing('new')}>
              Add Window
            </Button>
          </HStack>
        </Flex>
        {reordering && (
          <WorkProgress done={reordering.done} total={reordering.total} label="Windows ordered again">
            {`Ordering again: ${groupThousands(reordering.done)} of ${groupThousands(reordering.total)} windows`}
          </WorkProgress>
        )}
        {windows.length === 0 ? (
          <Text color="gray.700">No windows measured yet.</Text>
        ) : (
          <PropertyWindowList
            windows={windows}
            busy={busy}
            onEdit={setEditing}
            onRemove={(window, name) => setRemovingWindow({ window, name })}
            onOrder={setOrdering}
            onReorder={(windowIds) => void orderAgain(windowIds)}
          />
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
      {importing && ScheduleImportDialog && (
        <ScheduleImportDialog
          propertyId={propertyId}
          propertyName={propertyName}
          onClose={() => setImporting(false)}
          onImported={() => {
            setImporting(false);
            void load();
          }}
        />
      )}
      {ordering && PropertyOrderDialog && (
        <PropertyOrderDialog
          propertyId={propertyId}
          propertyName={propertyName}
          windowIds={ordering}
          onClose={() => setOrdering(null)}
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
