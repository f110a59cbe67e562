import { Input, SimpleGrid } from '@chakra-ui/react';
import { clientAddressSchema, type ClientAddress } from '#domain/accounts/client';
import { updateAddress, type ClientProfile } from '../../../api/account';
import { FormField } from '../../../components/form/FormField';
import { useZodForm } from '../../../lib/use-zod-form';
import { saveWithFeedback } from '../settings-form';
import { useSignInWhenUnauthorized } from '../../../lib/sign-in-redirect';
import { TabForm } from './TabForm';

const FIELDS = [
  { name: 'address1', label: 'Address line 1', autoComplete: 'address-line1', required: true },
  { name: 'address2', label: 'Address line 2 (optional)', autoComplete: 'address-line2', required: false },
  { name: 'city', label: 'City', autoComplete: 'address-level2', required: true },
  { name: 'state', label: 'State', autoComplete: 'address-level1', required: true },
  { name: 'zipCode', label: 'ZIP code', autoComplete: 'postal-code', required: true },
] as const;

type AddressValues = Record<(typeof FIELDS)[number]['name'], string>;

/** Address Information: address1, address2 (optional), city, state, zipCode. */
export function AddressTab({ client, onSaved }: { client: ClientProfile; onSaved: (client: ClientProfile) => void }) {
  const form = useZodForm<AddressValues, ClientAddress>(
    {
      address1: client.address?.address1 ?? '',
      address2: client.address?.address2 ?? '',
      city: client.address?.city ?? '',
      state: client.address?.state ?? '',
      zipCode: client.address?.zipCode ?? '',
    },
    { schema: clientAddressSchema },
  );
  const { values, errors } = form;
  const signInWhenUnauthorized = useSignInWhenUnauthorized();

  const save = () =>
    form.submit(async (data) =>
      onSaved(
        await saveWithFeedback(
          () => updateAddress(data),
          { success: 'Your address has been saved.', failure: 'Failed to save your address. Please try again.' },
          signInWhenUnauthorized,
        ),
      ),
    );

  const field = ({ name, label, autoComplete, required }: (typeof FIELDS)[number]) => (
    <FormField key={name} id={`address-${name}`} name={name} label={label} required={required} error={errors[name]}>
      {(control) => (
        <Input
          {...control}
          autoComplete={autoComplete}
          value={values[name]}
          onChange={(event) => form.set(name, event.target.value)}
        />
      )}
    </FormField>
  );

  return (
    <TabForm
      title="Address Information"
      intro="Where we deliver and install your blinds."
      saving={form.submitting}
      submitLabel="Save Address"
      onSubmit={save}
    >
      {field(FIELDS[0])}
      {field(FIELDS[1])}
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
        {field(FIELDS[2])}
        {field(FIELDS[3])}
        {field(FIELDS[4])}
      </SimpleGrid>
    </TabForm>
  );
}
