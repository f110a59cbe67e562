import { Alert, Button, Dialog, Field, Input, Link, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import {
  APPOINTMENT_NOT_SAVED_TOAST,
  APPOINTMENT_SAVED_TOAST,
  BOOKING_FAILED_MESSAGE,
  type MeasurementBooking,
} from '#domain/appointments/appointment';
import { HOLDER_KINDS, holderLimitRefusal } from '#domain/appointments/holders';
import { readableDate, type SlotLabel } from '#domain/appointments/schedule';
import { BUSINESS } from '../../business';
import { bookMeasurement, fetchSlots, type SlotsAnswer } from '../../api/appointments';
import { ApiError } from '../../api/client';
import { SlotTimeOptions } from '../appointments/SlotTimeOptions';
import { SiteDialog } from '../dialog/SiteDialog';
import { toaster } from './toast-queue';

/** Fired on the window when the dialog closes, for pages that wait for it. */
export const MODAL_CLOSED_EVENT = 'modalClosed';

const FORM_ID = 'measure-request-form';
const EMPTY_FORM = { name: '', address: '', zipCode: '', phone: '', email: '', orderNumber: '', date: '', time: '' };
type MeasureForm = typeof EMPTY_FORM;

/**
 * The free measurement booking: the shop's bookable dates and its seven slots, a taken one
 * disabled; 'Scheduling...' while it books; the success state; reset and `modalClosed` on close.
 * Guests' bookings are saved too; a signed-in client's also goes on their property's calendar (the
 * toast says whether it did). A refusal shows the server's sentence, with a Call link where the
 * shop books by phone instead.
 */
export function MeasureModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [form, setForm] = useState<MeasureForm>(EMPTY_FORM);
  const [slots, setSlots] = useState<SlotsAnswer | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [booked, setBooked] = useState<{ date: string; time: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const loadSlots = () =>
    fetchSlots()
      .then(setSlots)
      .catch(() => setSlots(null));

  useEffect(() => {
    if (open) void loadSlots();
  }, [open]);

  const update = (field: keyof MeasureForm) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm((current) => ({ ...current, [field]: event.target.value, ...(field === 'date' && { time: '' }) }));

  const close = (isOpen: boolean) => {
    onOpenChange(isOpen);
    if (!isOpen) {
      setForm(EMPTY_FORM);
      setBooked(null);
      setFailure(null);
      setFieldErrors({});
      window.dispatchEvent(new Event(MODAL_CLOSED_EVENT));
    }
  };

  const day = slots?.days.find((candidate) => candidate.date === form.date);
  // Outside the service area, or past the open measurements one e-mail, phone or network may hold: staff book by phone.
  const callUs =
    Boolean(fieldErrors.zipCode) ||
    HOLDER_KINDS.some((kind) => holderLimitRefusal(kind, BUSINESS.phoneDisplay).message === failure);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    setFailure(null);
    setFieldErrors({});
    try {
      const answer = await bookMeasurement({ ...form, time: form.time as SlotLabel } satisfies MeasurementBooking);
      setBooked({ date: answer.date, time: answer.time });
      if (answer.savedToCalendar) toaster.create({ type: 'success', title: APPOINTMENT_SAVED_TOAST });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) void loadSlots();
      if (error instanceof ApiError && error.status === 401)
        toaster.create({ type: 'error', title: APPOINTMENT_NOT_SAVED_TOAST });
      setFieldErrors(error instanceof ApiError ? error.fieldErrors : {});
      setFailure(
        error instanceof ApiError && error.status < 500 && error.message ? error.message : BOOKING_FAILED_MESSAGE,
      );
    } finally {
      setSubmitting(false);
    }
  };

  const text = (field: keyof MeasureForm, label: string, type = 'text', autoComplete?: string, required = true) => (
    <Field.Root required={required} invalid={Boolean(fieldErrors[field])}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input name={field} type={type} autoComplete={autoComplete} value={form[field]} onChange={update(field)} />
      <Field.ErrorText color="red.700">{fieldErrors[field]}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <SiteDialog
      open={open}
      onClose={() => close(false)}
      title="Schedule a Free Measurement"
      titleFontSize="2xl"
      subtitle={
        <Text color="gray.600" fontSize="sm">
          A technician measures every window to the 1/8 inch, free of charge in the DFW metro.
        </Text>
      }
      size="lg"
      scrollBehavior="inside"
      footer={
        booked ? (
          <Dialog.ActionTrigger asChild>
            <Button colorPalette="brand">Close</Button>
          </Dialog.ActionTrigger>
        ) : (
          <>
            <Dialog.ActionTrigger asChild>
              <Button variant="outline">Cancel</Button>
            </Dialog.ActionTrigger>
            <Button type="submit" form={FORM_ID} colorPalette="brand" disabled={!form.date || !form.time || submitting}>
              {submitting ? 'Scheduling...' : 'Submit'}
            </Button>
          </>
        )
      }
    >
      {booked ? (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Your free measurement is booked</Alert.Title>
            <Alert.Description>
              We will see you on {readableDate(booked.date)} at {booked.time} (Central time). A confirmation with a
              calendar file and a link to reschedule or cancel is on its way to your e-mail.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <Stack as="form" id={FORM_ID} onSubmit={submit} gap="4">
          {text('name', 'Name', 'text', 'name')}
          {text('address', 'Address', 'text', 'street-address')}
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            {text('zipCode', 'ZIP code', 'text', 'postal-code')}
            {text('phone', 'Phone', 'tel', 'tel')}
          </SimpleGrid>
          {text('email', 'Email', 'email', 'email')}
          {text('orderNumber', 'Order number (if you have one)', 'text', undefined, false)}
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <Field.Root required invalid={Boolean(fieldErrors.date)}>
              <Field.Label>
                Date
                <Field.RequiredIndicator />
              </Field.Label>
              <Input
                name="date"
                type="date"
                min={slots?.first}
                max={slots?.last}
                value={form.date}
                onChange={update('date')}
              />
              <Field.HelperText>
                {form.date && day?.slots.length === 0 ? 'We do not measure on Sundays.' : 'Monday to Saturday.'}
              </Field.HelperText>
              <Field.ErrorText color="red.700">{fieldErrors.date}</Field.ErrorText>
            </Field.Root>
            <Field.Root required invalid={Boolean(fieldErrors.time)}>
              <Field.Label>
                Time
                <Field.RequiredIndicator />
              </Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field name="time" value={form.time} onChange={update('time')} placeholder="Choose a time">
                  <SlotTimeOptions day={day} />
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.ErrorText color="red.700">{fieldErrors.time}</Field.ErrorText>
            </Field.Root>
          </SimpleGrid>
          {failure && (
            <Text color="red.700" role="alert">
              {failure}
              {callUs && (
                <>
                  {' '}
                  <Link href={`tel:${BUSINESS.phoneE164}`} fontWeight="bold" color="brand.700">
                    Call {BUSINESS.phoneDisplay}
                  </Link>
                </>
              )}
            </Text>
          )}
        </Stack>
      )}
    </SiteDialog>
  );
}
