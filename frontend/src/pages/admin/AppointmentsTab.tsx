import { Alert, Box, Button, Flex, Heading, HStack, Input, SegmentGroup, Stack, Text } from '@chakra-ui/react';
import { useCallback, useState, type FormEvent } from 'react';
import { readableDate, SLOT_LABELS, type SlotLabel } from '#domain/appointments/schedule';
import {
  cancelAppointment,
  fetchAdminAppointments,
  fetchSlots,
  rescheduleAppointment,
  setAppointmentStatus,
  setDayCapacity,
  type AdminAppointment,
  type AdminAppointmentsAnswer,
} from '../../api/appointments';
import { ApiError } from '../../api/client';
import { NewDateAndTimeFields } from '../../components/appointments/NewDateAndTimeFields';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog';
import { LoadState } from '../../components/layout/LoadState';
import { toaster } from '../../components/layout/toast-queue';
import { useResource } from '../../lib/use-resource';
import { RecordDetail } from './RecordDetail';

function datesOf(answer: AdminAppointmentsAnswer): string[] {
  const dates: string[] = [];
  for (
    let date = answer.from;
    date <= answer.to;
    date = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
  )
    dates.push(date);
  return dates;
}

const failureText = (error: unknown) =>
  error instanceof ApiError && error.message ? error.message : 'Something went wrong. Please try again.';

/** A free slot of the bookable window for the visit; the route mails the customer the new time. */
function RescheduleForm({
  appointment,
  onDone,
  onCancel,
}: {
  appointment: AdminAppointment;
  onDone: () => void;
  onCancel: () => void;
}) {
  const slots = useResource(fetchSlots);
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setFailure(null);
    try {
      const moved = await rescheduleAppointment(appointment.id, date, time as SlotLabel);
      toaster.create({
        type: 'success',
        title: `Moved to ${readableDate(moved.scheduledDate)} at ${moved.slot}; the customer is e-mailed`,
      });
      onDone();
    } catch (error) {
      // Someone took the time meanwhile: the free times are read again, keeping the form shown.
      if (error instanceof ApiError && error.status === 409) slots.refresh();
      setFailure(failureText(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box mt="3">
      <LoadState resource={slots.state} loading="Loading free times…" failed="Failed to load the free times">
        {(free) => (
          <Stack
            as="form"
            onSubmit={(event: FormEvent) => void submit(event)}
            gap="3"
            aria-label={`Reschedule ${appointment.contact.name}`}
          >
            <NewDateAndTimeFields
              slots={free}
              date={date}
              time={time}
              onChange={(choice) => {
                setDate(choice.date);
                setTime(choice.time);
              }}
              size="sm"
            />
            {failure && (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Description>{failure}</Alert.Description>
              </Alert.Root>
            )}
            <HStack gap="2">
              <Button type="submit" size="sm" colorPalette="brand" disabled={!date || !time || saving}>
                {saving ? 'Rescheduling...' : 'Move appointment'}
              </Button>
              <Button size="sm" variant="outline" disabled={saving} onClick={onCancel}>
                Keep this time
              </Button>
            </HStack>
          </Stack>
        )}
      </LoadState>
    </Box>
  );
}

function AppointmentCard({ appointment, onChanged }: { appointment: AdminAppointment; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  const [rescheduling, setRescheduling] = useState(false);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      toaster.create({ type: 'success', title: done });
      onChanged();
    } catch (error) {
      toaster.create({ type: 'error', title: failureText(error) });
    } finally {
      setBusy(false);
    }
  };
  const headingId = `appointment-${appointment.id}`;
  return (
    <Box
      as="li"
      listStyleType="none"
      borderWidth="1px"
      borderColor="gray.200"
      rounded="lg"
      p="4"
      bg="white"
      aria-labelledby={headingId}
    >
      <Flex justify="space-between" wrap="wrap" gap="2" align="baseline">
        <Heading as="h4" id={headingId} size="sm" color="brand.800">
          {appointment.slot}: {appointment.contact.name}
        </Heading>
        <Text fontSize="sm" color="gray.700" data-testid="appointment-status">
          {appointment.status}
        </Text>
      </Flex>
      <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="3" mt="3">
        <RecordDetail label="Contact">
          <a href={`mailto:${appointment.contact.email}`}>{appointment.contact.email}</a>
          <Text>{appointment.contact.phone}</Text>
        </RecordDetail>
        <RecordDetail label="Address">
          {appointment.contact.address}, {appointment.contact.zipCode}
        </RecordDetail>
        <RecordDetail label="Property">{appointment.propertyName ?? 'Guest booking'}</RecordDetail>
      </Box>
      {appointment.status === 'scheduled' && !rescheduling && (
        <HStack mt="3" gap="2" wrap="wrap">
          <Button
            size="sm"
            colorPalette="brand"
            disabled={busy}
            onClick={() => void run(() => setAppointmentStatus(appointment.id, 'complete'), 'Marked completed')}
          >
            Mark completed
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() => void run(() => setAppointmentStatus(appointment.id, 'markNoShow'), 'Marked no-show')}
          >
            No-show
          </Button>
          <Button size="sm" variant="outline" disabled={busy} onClick={() => setRescheduling(true)}>
            Reschedule
          </Button>
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            disabled={busy}
            onClick={() => setConfirmingCancel(true)}
          >
            Cancel
          </Button>
        </HStack>
      )}
      {confirmingCancel && (
        <ConfirmDialog
          open
          title={`Cancel ${appointment.contact.name}'s measurement?`}
          message={`The visit of ${readableDate(appointment.scheduledDate)} at ${appointment.slot} is cancelled and its place freed, and ${appointment.contact.name} is e-mailed that we had to cancel. This cannot be undone.`}
          confirmLabel="Cancel Appointment"
          dismissLabel="Keep Appointment"
          onClose={() => setConfirmingCancel(false)}
          onConfirm={async () => {
            await run(() => cancelAppointment(appointment.id), 'Appointment cancelled; the customer is e-mailed');
            setConfirmingCancel(false);
          }}
        />
      )}
      {appointment.status === 'scheduled' && rescheduling && (
        <RescheduleForm
          appointment={appointment}
          onCancel={() => setRescheduling(false)}
          onDone={() => {
            setRescheduling(false);
            onChanged();
          }}
        />
      )}
    </Box>
  );
}

function DayCapacity({ date, capacity, onChanged }: { date: string; capacity: number; onChanged: () => void }) {
  const [value, setValue] = useState(String(capacity));
  const save = async () => {
    try {
      await setDayCapacity(date, Number(value));
      toaster.create({ type: 'success', title: `Measurers per slot on ${date}: ${value}` });
      onChanged();
    } catch (error) {
      toaster.create({ type: 'error', title: failureText(error) });
    }
  };
  const inputId = `capacity-${date}`;
  return (
    <HStack gap="2">
      <Text asChild fontSize="sm">
        <label htmlFor={inputId}>Measurers per slot</label>
      </Text>
      <Input
        id={inputId}
        type="number"
        min={0}
        max={20}
        w="20"
        size="sm"
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      <Button size="sm" variant="outline" onClick={() => void save()}>
        Save
      </Button>
    </HStack>
  );
}

/** The day or week ahead by slot: each appointment's contact, address and property; completed, no-show, cancel; measurers per slot by day. */
export function AppointmentsTab() {
  const [days, setDays] = useState<1 | 7>(7);
  const load = useCallback(
    (request: { signal: AbortSignal }) => fetchAdminAppointments(undefined, days, request),
    [days],
  );
  // A range asked for while another is on its way replaces it: the earlier answer never lands.
  const { state, reload, refresh } = useResource(load);

  return (
    <Stack gap="4">
      <SegmentGroup.Root
        value={String(days)}
        onValueChange={(details) => setDays(details.value === '1' ? 1 : 7)}
        aria-label="Range"
        alignSelf="flex-start"
      >
        <SegmentGroup.Indicator />
        <SegmentGroup.Items
          items={[
            { value: '1', label: 'Today' },
            { value: '7', label: 'Week ahead' },
          ]}
        />
      </SegmentGroup.Root>
      <LoadState resource={state} loading="Loading appointments…" failed="Failed to load appointments" onRetry={reload}>
        {(answer) =>
          datesOf(answer).map((date) => {
            const ofDay = answer.appointments.filter((appointment) => appointment.scheduledDate === date);
            return (
              <Box as="section" key={date} aria-labelledby={`day-${date}`}>
                <Flex justify="space-between" wrap="wrap" gap="2" align="center" mb="2">
                  <Heading as="h3" id={`day-${date}`} size="md" color="brand.800">
                    {readableDate(date)}
                  </Heading>
                  <DayCapacity
                    key={`${date}-${answer.capacities[date]}`}
                    date={date}
                    capacity={answer.capacities[date] ?? answer.defaultCapacity}
                    onChanged={refresh}
                  />
                </Flex>
                {ofDay.length === 0 ? (
                  <Text color="gray.700">No appointments.</Text>
                ) : (
                  <Stack as="ul" gap="3">
                    {SLOT_LABELS.flatMap((label) => ofDay.filter((appointment) => appointment.slot === label)).map(
                      (appointment) => (
                        <AppointmentCard key={appointment.id} appointment={appointment} onChanged={refresh} />
                      ),
                    )}
                  </Stack>
                )}
              </Box>
            );
          })
        }
      </LoadState>
    </Stack>
  );
}
