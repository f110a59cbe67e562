import { Badge, Box, Button, Field, Flex, Heading, HStack, Input, SegmentGroup, Stack, Text } from '@chakra-ui/react';
import { useCallback, useState, type FormEvent } from 'react';
import {
  installationWindowsOn,
  placesTaken,
  type AdminInstallation,
  type AdminInstallationTransition,
  type AdminInstallationsAnswer,
} from '#domain/appointments/installation';
import { INSTALLATION_WINDOW_LABELS, type InstallationWindow } from '#domain/appointments/installation-choices';
import { readableDate } from '#domain/appointments/schedule';
import { addDays } from '#domain/calendar/dates';
import {
  fetchAdminInstallations,
  fetchInstallationSlots,
  rescheduleInstallation,
  setInstallationCrews,
  setInstallationStatus,
  type InstallationRange,
} from '../../api/admin-installations';
import { ApiError } from '../../api/client';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog';
import { FormDialog } from '../../components/dialog/FormDialog';
import { LabelledSelect } from '../../components/form/LabelledSelect';
import { LoadState } from '../../components/layout/LoadState';
import { toaster } from '../../components/layout/toast-queue';
import { useResource } from '../../lib/use-resource';
import { RecordDetail } from './RecordDetail';

const RANGES: { value: `${InstallationRange}`; label: string }[] = [
  { value: '1', label: 'Today' },
  { value: '7', label: 'Week ahead' },
  { value: '14', label: 'Two weeks' },
];

const failureText = (error: unknown) =>
  error instanceof ApiError && error.message ? error.message : 'Something went wrong. Please try again.';

function datesOf({ from, to }: Pick<AdminInstallationsAnswer, 'from' | 'to'>): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What the crew takes with them: the blinds, old blinds to take down, a high-ladder crew. */
function workOf(installation: AdminInstallation): string {
  const { oldBlindsRemoved, highLadder } = installation.options;
  return [
    plural(installation.blindCount, 'blind', 'blinds'),
    ...(oldBlindsRemoved > 0 ? [`take down ${plural(oldBlindsRemoved, 'old blind', 'old blinds')}`] : []),
    ...(highLadder ? ['high-ladder work'] : []),
  ].join('; ');
}

const slotValue = (date: string, window: InstallationWindow) => `${date}|${window}`;

/** A free window of the visit's bookable range, chosen in a dialog; the route mails the customer. */
function RescheduleDialog({
  installation,
  onClose,
  onDone,
}: {
  installation: AdminInstallation;
  onClose: () => void;
  onDone: () => void;
}) {
  const loadSlots = useCallback(
    (request: { signal: AbortSignal }) => fetchInstallationSlots(installation.deliveredBy, request),
    [installation.deliveredBy],
  );
  const slots = useResource(loadSlots);
  const [choice, setChoice] = useState('');
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const current =
    installation.status === 'scheduled' && installation.date && installation.window
      ? slotValue(installation.date, installation.window)
      : null;
  const free =
    slots.state.kind === 'loaded'
      ? slots.state.data.days.flatMap((day) =>
          day.windows
            .filter((window) => window.available && slotValue(day.date, window.window) !== current)
            .map((window) => ({
              value: slotValue(day.date, window.window),
              label: `${readableDate(day.date)}, ${window.window}`,
            })),
        )
      : [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!choice) {
      setFailure('Please choose a free window.');
      return;
    }
    const [date, window] = choice.split('|') as [string, InstallationWindow];
    setSaving(true);
    setFailure(null);
    try {
      await rescheduleInstallation(installation.orderId, { date, window });
      toaster.create({
        type: 'success',
        title: `Order ${installation.orderNumber} moved to ${readableDate(date)}, ${window}; the customer is e-mailed`,
      });
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setChoice('');
        slots.reload();
      }
      setFailure(
        (error instanceof ApiError && (error.fieldErrors.window ?? error.fieldErrors.date)) || failureText(error),
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormDialog
      open
      onClose={onClose}
      title={`Move order ${installation.orderNumber}'s visit`}
      formId={`reschedule-${installation.orderId}`}
      saving={saving}
      onSubmit={(event) => void submit(event)}
    >
      <Text>
        {installation.contact.name}, {installation.contact.address}, {installation.contact.zipCode}.{' '}
        {current ? `Now ${readableDate(installation.date!)}, ${installation.window}.` : 'No window yet.'}
      </Text>
      <LoadState resource={slots.state} loading="Loading free windows…" failed="Failed to load the free windows">
        {({ last }) =>
          free.length === 0 ? (
            <Text color="gray.700">No window is free before {readableDate(last)}.</Text>
          ) : (
            <LabelledSelect
              label="New window"
              required
              field={{ id: `reschedule-window-${installation.orderId}`, name: 'window', error: failure ?? undefined }}
              value={choice}
              options={[{ value: '', label: 'Choose a free window' }, ...free]}
              onChange={(value) => {
                setChoice(value);
                setFailure(null);
              }}
            />
          )
        }
      </LoadState>
      {slots.state.kind !== 'loaded' && failure && (
        <Text color="red.700" role="alert">
          {failure}
        </Text>
      )}
    </FormDialog>
  );
}

function InstallationCard({ installation, onChanged }: { installation: AdminInstallation; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  const [rescheduling, setRescheduling] = useState(false);
  const [confirmingComplete, setConfirmingComplete] = useState(false);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const mark = async (transition: AdminInstallationTransition, done: string) => {
    setBusy(true);
    try {
      await setInstallationStatus(installation.orderId, transition);
      toaster.create({ type: 'success', title: done });
      onChanged();
    } catch (error) {
      toaster.create({ type: 'error', title: failureText(error) });
    } finally {
      setBusy(false);
    }
  };
  const headingId = `installation-${installation.orderId}`;
  const scheduled = installation.status === 'scheduled';
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
      data-testid="installation-visit"
    >
      <Flex justify="space-between" wrap="wrap" gap="2" align="baseline">
        <Heading as="h5" id={headingId} size="sm" color="brand.800">
          Order {installation.orderNumber}: {installation.contact.name}
        </Heading>
        <HStack gap="2">
          {installation.crew !== null && <Badge colorPalette="brand">Crew {installation.crew}</Badge>}
          <Text fontSize="sm" color="gray.700" data-testid="installation-status">
            {installation.status}
          </Text>
        </HStack>
      </Flex>
      <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="3" mt="3">
        <RecordDetail label="Contact">
          <a href={`mailto:${installation.contact.email}`}>{installation.contact.email}</a>
          <Text>{installation.contact.phone}</Text>
        </RecordDetail>
        <RecordDetail label="Address">
          {installation.contact.address}, {installation.contact.zipCode}
        </RecordDetail>
        <RecordDetail label="Work">{workOf(installation)}</RecordDetail>
      </Box>
      {installation.status !== 'completed' && (
        <HStack mt="3" gap="2" wrap="wrap">
          {scheduled && (
            <>
              <Button size="sm" colorPalette="brand" disabled={busy} onClick={() => setConfirmingComplete(true)}>
                Complete
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={busy}
                onClick={() => void mark('markNoShow', `Order ${installation.orderNumber}: marked no-show`)}
              >
                No-show
              </Button>
              <Button size="sm" variant="outline" disabled={busy} onClick={() => setConfirmingCancel(true)}>
                Cancel visit
              </Button>
            </>
          )}
          <Button size="sm" variant="outline" disabled={busy} onClick={() => setRescheduling(true)}>
            {scheduled ? 'Reschedule' : 'Schedule'}
          </Button>
        </HStack>
      )}
      {confirmingComplete && (
        <ConfirmDialog
          open
          title={`Complete order ${installation.orderNumber}'s installation?`}
          message={`The order is marked installed and ${installation.contact.name} is e-mailed that the blinds are installed. This cannot be undone.`}
          confirmLabel="Complete Installation"
          dismissLabel="Not Yet"
          onClose={() => setConfirmingComplete(false)}
          onConfirm={async () => {
            await mark('complete', `Order ${installation.orderNumber}: installation completed`);
            setConfirmingComplete(false);
          }}
        />
      )}
      {confirmingCancel && (
        <ConfirmDialog
          open
          title={`Cancel order ${installation.orderNumber}'s installation visit?`}
          message={`Its window is freed and ${installation.contact.name} is e-mailed that the visit is cancelled, with a link to choose a new date.`}
          confirmLabel="Cancel Visit"
          dismissLabel="Keep Visit"
          onClose={() => setConfirmingCancel(false)}
          onConfirm={async () => {
            await mark('cancelVisit', `Order ${installation.orderNumber}: installation visit cancelled`);
            setConfirmingCancel(false);
          }}
        />
      )}
      {rescheduling && (
        <RescheduleDialog
          installation={installation}
          onClose={() => setRescheduling(false)}
          onDone={() => {
            setRescheduling(false);
            onChanged();
          }}
        />
      )}
    </Box>
  );
}

function DayCrews({ date, crews, onChanged }: { date: string; crews: number; onChanged: () => void }) {
  const [value, setValue] = useState(String(crews));
  const [saving, setSaving] = useState(false);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      await setInstallationCrews(date, Number(value));
      toaster.create({ type: 'success', title: `Crews on ${readableDate(date)}: ${value}` });
      onChanged();
    } catch (error) {
      toaster.create({
        type: 'error',
        title: (error instanceof ApiError && error.fieldErrors.crews) || failureText(error),
      });
    } finally {
      setSaving(false);
    }
  };
  const inputId = `crews-${date}`;
  return (
    <HStack as="form" gap="2" onSubmit={(event: FormEvent) => void save(event)}>
      <Text asChild fontSize="sm">
        <label htmlFor={inputId}>Crews on duty</label>
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
      <Button type="submit" size="sm" variant="outline" disabled={saving}>
        Save
      </Button>
    </HStack>
  );
}

function VisitList({ visits, onChanged }: { visits: AdminInstallation[]; onChanged: () => void }) {
  return (
    <Stack as="ul" gap="3">
      {visits.map((installation) => (
        <InstallationCard key={installation.orderId} installation={installation} onChanged={onChanged} />
      ))}
    </Stack>
  );
}

function Day({ date, answer, onChanged }: { date: string; answer: AdminInstallationsAnswer; onChanged: () => void }) {
  const crews = answer.crews[date] ?? answer.defaultCrews;
  const ofDay = answer.installations.filter((installation) => installation.date === date);
  // Weekends and holidays; a staff closure is known to the server, which offers no window then.
  const working = installationWindowsOn(date, []).length > 0;
  return (
    <Box as="section" aria-labelledby={`installation-day-${date}`}>
      <Flex justify="space-between" wrap="wrap" gap="2" align="center" mb="2">
        <Heading as="h3" id={`installation-day-${date}`} size="md" color="brand.800">
          {readableDate(date)}
        </Heading>
        {working && <DayCrews key={`${date}-${crews}`} date={date} crews={crews} onChanged={onChanged} />}
      </Flex>
      {!working && ofDay.length === 0 ? (
        <Text color="gray.700">Crews do not install on this day.</Text>
      ) : (
        <Stack gap="4">
          {INSTALLATION_WINDOW_LABELS.map((window) => {
            const visits = ofDay.filter((installation) => installation.window === window);
            const headingId = `installation-window-${date}-${window.slice(0, 1)}`;
            return (
              <Box as="section" key={window} aria-labelledby={headingId}>
                <Flex gap="3" align="baseline" wrap="wrap" mb="2">
                  <Heading as="h4" id={headingId} size="sm">
                    {window}
                  </Heading>
                  <Text fontSize="sm" color="gray.700" data-testid="window-capacity">
                    {placesTaken(ofDay, date, window)} of {plural(crews, 'crew', 'crews')} booked
                  </Text>
                </Flex>
                {visits.length === 0 ? (
                  <Text color="gray.700">No visits.</Text>
                ) : (
                  <VisitList visits={visits} onChanged={onChanged} />
                )}
              </Box>
            );
          })}
        </Stack>
      )}
    </Box>
  );
}

/**
 * The crews' calendar: the day, week or two weeks ahead by window, each visit with its crew, order,
 * customer, address and work; Reschedule, Complete and No-show; the crews on duty by day; and the
 * visits still without a window, to schedule.
 */
export function InstallationsTab() {
  const [days, setDays] = useState<InstallationRange>(7);
  /** The first day shown; empty for today. Visits are booked after delivery, often beyond the week ahead. */
  const [from, setFrom] = useState('');
  const load = useCallback(
    (request: { signal: AbortSignal }) => fetchAdminInstallations(from || undefined, days, request),
    [from, days],
  );
  // A range asked for while another is on its way replaces it: the earlier answer never lands.
  const { state, reload, refresh } = useResource(load);

  return (
    <Stack gap="6">
      <Flex gap="4" wrap="wrap" align="flex-end">
        <Field.Root w="auto">
          <Field.Label>From</Field.Label>
          <Input
            type="date"
            size="sm"
            value={from || (state.kind === 'loaded' ? state.data.from : '')}
            onChange={(event) => setFrom(event.target.value)}
          />
        </Field.Root>
        <SegmentGroup.Root
          value={String(days)}
          onValueChange={(details) => setDays(Number(details.value) as InstallationRange)}
          aria-label="Range"
        >
          <SegmentGroup.Indicator />
          <SegmentGroup.Items items={RANGES} />
        </SegmentGroup.Root>
      </Flex>
      <LoadState
        resource={state}
        loading="Loading installations…"
        failed="Failed to load installations"
        onRetry={reload}
      >
        {(answer) => (
          <>
            {answer.unscheduled.length > 0 && (
              <Box as="section" aria-labelledby="installations-unscheduled">
                <Heading as="h3" id="installations-unscheduled" size="md" color="brand.800" mb="2">
                  To schedule ({answer.unscheduled.length})
                </Heading>
                <VisitList visits={answer.unscheduled} onChanged={refresh} />
              </Box>
            )}
            {datesOf(answer).map((date) => (
              <Day key={date} date={date} answer={answer} onChanged={refresh} />
            ))}
          </>
        )}
      </LoadState>
    </Stack>
  );
}
