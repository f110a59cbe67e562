import { Alert, Box, Button, Container, Heading, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { InstallationSlotsAnswer, ManagedInstallation } from '#domain/appointments/installation';
import { installationWhen, type InstallationWindow } from '#domain/appointments/installation-choices';
import { readableDate } from '#domain/appointments/schedule';
import { BUSINESS } from '../../business';
import { bookInstallationByToken, cancelInstallationByToken, fetchManagedInstallation } from '../../api/appointments';
import { ApiError } from '../../api/client';
import { useConfirmDialogOnDemand } from '../../components/dialog/confirm-dialog-on-demand';
import { LabelledSelect } from '../../components/form/LabelledSelect';
import { toaster } from '../../components/layout/toast-queue';

type PageState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; installation: ManagedInstallation; slots: InstallationSlotsAnswer };

const errorMessage = (error: unknown) =>
  error instanceof ApiError && error.message ? error.message : 'Something went wrong. Please try again.';

/** What the visit is now, in the customer's words. */
function statusText(installation: ManagedInstallation): string {
  if (installation.status === 'scheduled' && installation.date && installation.window)
    return `Our crew comes on ${installationWhen({ date: installation.date, window: installation.window })}.`;
  if (installation.status === 'completed') return 'Your blinds are installed.';
  if (installation.status === 'cancelled') return 'Your order was cancelled, and its installation with it.';
  if (installation.status === 'no-show')
    return 'Our crew could not get in on the day of your visit. Please choose a new date below.';
  return 'Your installation is not scheduled yet. Choose a date and time window below.';
}

/**
 * The order mail's link (/installations/manage?token=…): the installation visit as it is now (a
 * link from an earlier mail shows the same), a date and window to book or move it to, or cancel it,
 * without signing in.
 */
export default function ManageInstallationPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [state, setState] = useState<PageState>({ status: 'loading' });
  const [date, setDate] = useState('');
  const [timeWindow, setTimeWindow] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const ConfirmDialog = useConfirmDialogOnDemand(confirmingCancel, () => setConfirmingCancel(false));

  const load = useCallback(
    () =>
      fetchManagedInstallation(token).then(
        ({ installation, slots }) => setState({ status: 'ready', installation, slots }),
        (error: unknown) => setState({ status: 'error', message: errorMessage(error) }),
      ),
    [token],
  );
  useEffect(() => {
    void load();
  }, [load]);

  /** Runs a change; what happened is a toast, a refusal stays on the page beside the form. */
  const act = async (action: () => Promise<ManagedInstallation>, success: (changed: ManagedInstallation) => string) => {
    setBusy(true);
    setFailure(null);
    try {
      const changed = await action();
      toaster.create({ type: 'success', title: success(changed) });
      setDate('');
      setTimeWindow('');
      await load();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const book = (event: FormEvent) => {
    event.preventDefault();
    void act(
      () => bookInstallationByToken(token, date, timeWindow as InstallationWindow),
      (booked) =>
        `Your installation is booked for ${installationWhen({ date: booked.date!, window: booked.window! })}. A confirmation is on its way.`,
    );
  };

  return (
    <Container maxW="2xl" py={{ base: '8', md: '12' }}>
      <Heading as="h1" size="2xl" color="brand.800" mb="6">
        Your installation
      </Heading>
      {state.status === 'loading' && <Spinner aria-label="Loading your installation" />}
      {state.status === 'error' && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Description>
            {state.message} Call us at {BUSINESS.phoneDisplay}.
          </Alert.Description>
        </Alert.Root>
      )}
      {state.status === 'ready' && (
        <Stack gap="6">
          <Box borderWidth="1px" rounded="md" p="4">
            <Text fontWeight="semibold" data-testid="installation-when">
              {statusText(state.installation)}
            </Text>
            <Text>
              Order {state.installation.orderNumber}: {state.installation.blindCount}{' '}
              {state.installation.blindCount === 1 ? 'blind' : 'blinds'} at {state.installation.address}
            </Text>
          </Box>
          {failure && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Description>{failure}</Alert.Description>
            </Alert.Root>
          )}
          {state.installation.status !== 'completed' && state.installation.status !== 'cancelled' && (
            <VisitForm
              slots={state.slots}
              scheduled={state.installation.status === 'scheduled'}
              date={date}
              timeWindow={timeWindow}
              busy={busy}
              onDate={(chosen) => {
                setDate(chosen);
                setTimeWindow('');
              }}
              onWindow={setTimeWindow}
              onSubmit={book}
            />
          )}
          {state.installation.status === 'scheduled' && (
            <Button
              variant="outline"
              colorPalette="red"
              alignSelf="flex-start"
              disabled={busy}
              onClick={() => setConfirmingCancel(true)}
            >
              Cancel visit
            </Button>
          )}
          {confirmingCancel && ConfirmDialog && state.installation.date && state.installation.window && (
            <ConfirmDialog
              open
              title="Cancel your installation visit?"
              message={`Your visit of ${installationWhen({ date: state.installation.date, window: state.installation.window })} is cancelled and the window offered to others. Installation stays paid: book another date here whenever you are ready.`}
              confirmLabel="Cancel visit"
              dismissLabel="Keep visit"
              onClose={() => setConfirmingCancel(false)}
              onConfirm={async () => {
                await act(
                  () => cancelInstallationByToken(token),
                  () => 'Your installation visit is cancelled. We have e-mailed you a confirmation.',
                );
                setConfirmingCancel(false);
              }}
            />
          )}
        </Stack>
      )}
    </Container>
  );
}

/** The dates our crews can come (after delivery) and that date's free windows, as the server answers them. */
function VisitForm({
  slots,
  scheduled,
  date,
  timeWindow,
  busy,
  onDate,
  onWindow,
  onSubmit,
}: {
  slots: InstallationSlotsAnswer;
  scheduled: boolean;
  date: string;
  timeWindow: string;
  busy: boolean;
  onDate: (date: string) => void;
  onWindow: (window: string) => void;
  onSubmit: (event: FormEvent) => void;
}) {
  const open = slots.days.filter((day) => day.windows.some((candidate) => candidate.available));
  const day = open.find((candidate) => candidate.date === date);
  if (open.length === 0)
    return <Text>Every installation window is taken for now. Please call us at {BUSINESS.phoneDisplay}.</Text>;
  return (
    <Stack as="form" onSubmit={onSubmit} gap="4">
      <Heading as="h2" size="lg">
        {scheduled ? 'Choose another date' : 'Choose a date'}
      </Heading>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <LabelledSelect
          label="Installation date"
          required
          value={day ? date : ''}
          onChange={onDate}
          options={[
            { value: '', label: 'Choose a date' },
            ...open.map((candidate) => ({ value: candidate.date, label: readableDate(candidate.date) })),
          ]}
        />
        <LabelledSelect
          label="Time window (Central time)"
          required
          disabled={!day}
          value={timeWindow}
          onChange={onWindow}
          options={[
            { value: '', label: 'Choose a window' },
            ...(day?.windows ?? [])
              .filter((candidate) => candidate.available)
              .map((candidate) => ({ value: candidate.window, label: candidate.window })),
          ]}
        />
      </SimpleGrid>
      <Button type="submit" colorPalette="brand" alignSelf="flex-start" disabled={!date || !timeWindow || busy}>
        {scheduled ? 'Move visit' : 'Book visit'}
      </Button>
    </Stack>
  );
}
