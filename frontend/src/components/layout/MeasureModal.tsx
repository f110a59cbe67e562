import { Alert, Button, Dialog, Field, Input, Link, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { BUSINESS } from '../../../../domain/business';
import { SiteDialog } from '../dialog/SiteDialog';

/** Appointment start times offered for a free measurement (storefront spec section 5). */
export const MEASURE_TIME_SLOTS = ['9:00 AM', '10:00 AM', '11:00 AM', '1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM'] as const;

/** Fired when the dialog closes, for pages that wait for it (storefront spec section 2). */
export const MODAL_CLOSED_EVENT = 'modalClosed';

const FORM_ID = 'measure-request-form';
const EMPTY_FORM = { name: '', address: '', zipCode: '', phone: '', email: '', orderNumber: '', date: '', time: '' };
type MeasureForm = typeof EMPTY_FORM;

function todayIso(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/**
 * The free measurement / consultation request. Online booking is not connected yet, so a filled-in
 * request ends with the honest next step: call us to confirm the visit.
 */
export function MeasureModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [form, setForm] = useState<MeasureForm>(EMPTY_FORM);
  const [requested, setRequested] = useState(false);

  const update = (field: keyof MeasureForm) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  const close = (isOpen: boolean) => {
    onOpenChange(isOpen);
    if (!isOpen) {
      setForm(EMPTY_FORM);
      setRequested(false);
      window.dispatchEvent(new Event(MODAL_CLOSED_EVENT));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRequested(true);
  };

  const text = (field: keyof MeasureForm, label: string, type = 'text', autoComplete?: string, required = true) => (
    <Field.Root required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input name={field} type={type} autoComplete={autoComplete} value={form[field]} onChange={update(field)} />
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
        <>
          <Dialog.ActionTrigger asChild>
            <Button variant="outline">Cancel</Button>
          </Dialog.ActionTrigger>
          <Button type="submit" form={FORM_ID} colorPalette="brand" disabled={!form.date || !form.time}>
            Submit
          </Button>
        </>
      }
    >
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
          <Field.Root required>
            <Field.Label>
              Date
              <Field.RequiredIndicator />
            </Field.Label>
            <Input name="date" type="date" min={todayIso()} value={form.date} onChange={update('date')} />
          </Field.Root>
          <Field.Root required>
            <Field.Label>
              Time
              <Field.RequiredIndicator />
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field name="time" value={form.time} onChange={update('time')} placeholder="Choose a time">
                {MEASURE_TIME_SLOTS.map((slot) => (
                  <option key={slot} value={slot}>
                    {slot}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </SimpleGrid>
        {requested && (
          <Alert.Root status="info" role="status">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Online booking opens soon</Alert.Title>
              <Alert.Description>
                To book {form.date} at {form.time}, please call us at{' '}
                <Link href={`tel:${BUSINESS.phoneE164}`} fontWeight="bold" color="brand.700">
                  {BUSINESS.phoneDisplay}
                </Link>
                . We confirm the visit on the phone.
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
      </Stack>
    </SiteDialog>
  );
}
