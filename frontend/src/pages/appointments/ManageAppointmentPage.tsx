import { Alert, Box, Button, Container, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readableDate, type SlotLabel } from '#domain/appointments/schedule';
import { BUSINESS } from '../../business';
import {
  cancelByToken,
  fetchManagedAppointment,
  fetchSlots,
  rescheduleByToken,
  type ManagedAppointment,
  type SlotsAnswer,
} from '../../api/appointments';
import { ApiError } from '../../api/client';
import { NewDateAndTimeFields } from '../../components/appointments/NewDateAndTimeFields';
import { useConfirmDialogOnDemand } from '../../components/dialog/confirm-dialog-on-demand';
import { toaster } from '../../components/layout/toast-queue';

type PageState =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; appointment: ManagedAppointment };

const errorMessage = (error: unknown) =>
  error instanceof ApiError && error.message ? error.message : 'Something went wrong. Please try again.';

/** The mailed link's page (/appointments/manage?token=…): the appointment, a new date and time, or cancel it, without signing in. */
export default function ManageAppointmentPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [state, setState] = useState<PageState>({ status: 'loading' });
  const [slots, setSlots] = useState<SlotsAnswer | null>(null);
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const ConfirmDialog = useConfirmDialogOnDemand(confirmingCancel, () => setConfirmingCancel(false));

  useEffect(() => {
    let current = true;
    fetchManagedAppointment(token).then(
      (appointment) => current && setState({ status: 'ready', appointment }),
      (error: unknown) => current && setState({ status: 'error', message: errorMessage(error) }),
    );
    fetchSlots().then(
      (answer) => current && setSlots(answer),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [token]);

  /** Runs a change; what happened is a toast, a refusal stays on the page beside the form. */
  const act = async (
    action: () => Promise<ManagedAppointment>,
    success: (appointment: ManagedAppointment) => string,
  ) => {
    setBusy(true);
    setFailure(null);
    try {
      const appointment = await action();
      setState({ status: 'ready', appointment });
      toaster.create({ type: 'success', title: success(appointment) });
      setDate('');
      setTime('');
      fetchSlots().then(setSlots, () => undefined);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const reschedule = (event: FormEvent) => {
    event.preventDefault();
    void act(
      () => rescheduleByToken(token, date, time as SlotLabel),
      (moved) =>
        `Your measurement is now on ${readableDate(moved.date)} at ${moved.time}. A new confirmation is on its way.`,
    );
  };

  return (
    <Container maxW="2xl" py={{ base: '8', md: '12' }}>
      <Heading as="h1" size="2xl" color="brand.800" mb="6">
        Your free measurement
      </Heading>
      {state.status === 'loading' && <Spinner aria-label="Loading your appointment" />}
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
            <Text fontWeight="semibold" data-testid="appointment-when">
              {readableDate(state.appointment.date)} at {state.appointment.time} (Central time)
            </Text>
            <Text>
              {state.appointment.address}, {state.appointment.zipCode}
            </Text>
            <Text>Status: {state.appointment.status}</Text>
          </Box>
          {failure && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Description>{failure}</Alert.Description>
            </Alert.Root>
          )}
          {state.appointment.status === 'scheduled' && (
            <>
              <Stack as="form" onSubmit={reschedule} gap="4">
                <Heading as="h2" size="lg">
                  Choose another time
                </Heading>
                <NewDateAndTimeFields
                  slots={slots}
                  date={date}
                  time={time}
                  onChange={(choice) => {
                    setDate(choice.date);
                    setTime(choice.time);
                  }}
                />
                <Button type="submit" colorPalette="brand" alignSelf="flex-start" disabled={!date || !time || busy}>
                  Reschedule
                </Button>
              </Stack>
              <Button
                variant="outline"
                colorPalette="red"
                alignSelf="flex-start"
                disabled={busy}
                onClick={() => setConfirmingCancel(true)}
              >
                Cancel appointment
              </Button>
            </>
          )}
          {confirmingCancel && ConfirmDialog && (
            <ConfirmDialog
              open
              title="Cancel your measurement?"
              message={`Your free measurement of ${readableDate(state.appointment.date)} at ${state.appointment.time} (Central time) is cancelled and the time offered to others. You can book another time on our site.`}
              confirmLabel="Cancel appointment"
              dismissLabel="Keep appointment"
              onClose={() => setConfirmingCancel(false)}
              onConfirm={async () => {
                await act(
                  () => cancelByToken(token),
                  () => 'Your measurement is cancelled. We have e-mailed you a confirmation.',
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
