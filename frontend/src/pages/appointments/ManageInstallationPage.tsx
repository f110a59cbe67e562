import { Button, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { InstallationSlotsAnswer, ManagedInstallation } from '#domain/appointments/installation';
import { installationWhen, type InstallationWindow } from '#domain/appointments/installation-choices';
import { readableDate } from '#domain/appointments/schedule';
import { BUSINESS } from '../../business';
import { bookInstallationByToken, cancelInstallationByToken, fetchManagedInstallation } from '../../api/appointments';
import { LabelledSelect } from '../../components/form/LabelledSelect';
import { CancelVisit, linkErrorMessage, ManageByLinkFrame, useLinkChange, type LinkPageState } from './ManageByLink';

/** What the link answers: the visit, and the dates and windows it can be booked for. */
type InstallationAnswer = { installation: ManagedInstallation; slots: InstallationSlotsAnswer };

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
  const [state, setState] = useState<LinkPageState<InstallationAnswer>>({ status: 'loading' });
  const [date, setDate] = useState('');
  const [timeWindow, setTimeWindow] = useState('');

  const load = useCallback(
    () =>
      fetchManagedInstallation(token).then(
        ({ installation, slots }) => setState({ status: 'ready', visit: { installation, slots } }),
        (error: unknown) => setState({ status: 'error', message: linkErrorMessage(error) }),
      ),
    [token],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const { busy, failure, act } = useLinkChange<ManagedInstallation>(async () => {
    setDate('');
    setTimeWindow('');
    await load();
  });

  const book = (event: FormEvent) => {
    event.preventDefault();
    void act(
      () => bookInstallationByToken(token, date, timeWindow as InstallationWindow),
      (booked) =>
        `Your installation is booked for ${installationWhen({ date: booked.date!, window: booked.window! })}. A confirmation is on its way.`,
    );
  };

  const cancel = () =>
    act(
      () => cancelInstallationByToken(token),
      () => 'Your installation visit is cancelled. We have e-mailed you a confirmation.',
    );

  return (
    <ManageByLinkFrame
      title="Your installation"
      loadingLabel="Loading your installation"
      state={state}
      failure={failure}
      summary={({ installation }) => (
        <>
          <Text fontWeight="semibold" data-testid="installation-when">
            {statusText(installation)}
          </Text>
          <Text>
            Order {installation.orderNumber}: {installation.blindCount}{' '}
            {installation.blindCount === 1 ? 'blind' : 'blinds'} at {installation.address}
          </Text>
        </>
      )}
    >
      {({ installation, slots }) => (
        <>
          {installation.status !== 'completed' && installation.status !== 'cancelled' && (
            <VisitForm
              slots={slots}
              scheduled={installation.status === 'scheduled'}
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
          <CancelVisit
            offered={installation.status === 'scheduled'}
            busy={busy}
            label="Cancel visit"
            dismissLabel="Keep visit"
            question={
              installation.date && installation.window
                ? {
                    title: 'Cancel your installation visit?',
                    message: `Your visit of ${installationWhen({ date: installation.date, window: installation.window })} is cancelled and the window offered to others. Installation stays paid: book another date here whenever you are ready.`,
                  }
                : null
            }
            onCancel={cancel}
          />
        </>
      )}
    </ManageByLinkFrame>
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
