import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readableDate, type SlotLabel } from '#domain/appointments/schedule';
import {
  cancelByToken,
  fetchManagedAppointment,
  fetchSlots,
  rescheduleByToken,
  type ManagedAppointment,
  type SlotsAnswer,
} from '../../api/appointments';
import { NewDateAndTimeFields } from '../../components/appointments/NewDateAndTimeFields';
import { CancelVisit, linkErrorMessage, ManageByLinkFrame, useLinkChange, type LinkPageState } from './ManageByLink';

/** The mailed link's page (/appointments/manage?token=…): the appointment, a new date and time, or cancel it, without signing in. */
export default function ManageAppointmentPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [state, setState] = useState<LinkPageState<ManagedAppointment>>({ status: 'loading' });
  const [slots, setSlots] = useState<SlotsAnswer | null>(null);
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const { busy, failure, act } = useLinkChange<ManagedAppointment>((appointment) => {
    setState({ status: 'ready', visit: appointment });
    setDate('');
    setTime('');
    fetchSlots().then(setSlots, () => undefined);
  });

  useEffect(() => {
    let current = true;
    fetchManagedAppointment(token).then(
      (appointment) => current && setState({ status: 'ready', visit: appointment }),
      (error: unknown) => current && setState({ status: 'error', message: linkErrorMessage(error) }),
    );
    fetchSlots().then(
      (answer) => current && setSlots(answer),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [token]);

  const reschedule = (event: FormEvent) => {
    event.preventDefault();
    void act(
      () => rescheduleByToken(token, date, time as SlotLabel),
      (moved) =>
        `Your measurement is now on ${readableDate(moved.date)} at ${moved.time}. A new confirmation is on its way.`,
    );
  };

  const cancel = () =>
    act(
      () => cancelByToken(token),
      () => 'Your measurement is cancelled. We have e-mailed you a confirmation.',
    );

  return (
    <ManageByLinkFrame
      title="Your free measurement"
      loadingLabel="Loading your appointment"
      state={state}
      failure={failure}
      summary={(appointment) => (
        <>
          <Text fontWeight="semibold" data-testid="appointment-when">
            {readableDate(appointment.date)} at {appointment.time} (Central time)
          </Text>
          <Text>
            {appointment.address}, {appointment.zipCode}
          </Text>
          <Text>Status: {appointment.status}</Text>
        </>
      )}
    >
      {(appointment) => (
        <>
          {appointment.status === 'scheduled' && (
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
          )}
          <CancelVisit
            offered={appointment.status === 'scheduled'}
            busy={busy}
            label="Cancel appointment"
            dismissLabel="Keep appointment"
            question={{
              title: 'Cancel your measurement?',
              message: `Your free measurement of ${readableDate(appointment.date)} at ${appointment.time} (Central time) is cancelled and the time offered to others. You can book another time on our site.`,
            }}
            onCancel={cancel}
          />
        </>
      )}
    </ManageByLinkFrame>
  );
}
