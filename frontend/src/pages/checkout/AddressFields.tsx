import { Input, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { CHECKOUT_STATE_CODES } from '#domain/checkout/checkout';
import { FormField } from '../../components/form/FormField';
import type { AddressFields as Address, AddressKind } from './checkout-form';

type Field = keyof Address;

/** Street, unit, city, state (the 50 codes) and ZIP code of the shipping or billing address; each control is named `kind.field` as the API names its errors. */
export function AddressFields({
  kind,
  values,
  errors,
  onChange,
}: {
  kind: AddressKind;
  values: Address;
  errors: Record<string, string>;
  onChange: (field: Field, value: string) => void;
}) {
  const section = kind === 'shippingAddress' ? 'shipping' : 'billing';
  const text = (
    field: Exclude<Field, 'state'>,
    label: string,
    options: { required?: boolean; autoComplete: string },
  ) => (
    <FormField
      id={`checkout-${section}-${field}`}
      name={`${kind}.${field}`}
      label={label}
      required={options.required}
      error={errors[`${kind}.${field}`]}
    >
      {(control) => (
        <Input
          {...control}
          autoComplete={`${section} ${options.autoComplete}`}
          value={values[field]}
          onChange={(event) => onChange(field, event.target.value)}
        />
      )}
    </FormField>
  );
  return (
    <Stack gap="4">
      {text('address1', 'Street address', { required: true, autoComplete: 'address-line1' })}
      {text('address2', 'Apartment, suite, unit (optional)', { autoComplete: 'address-line2' })}
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        {text('city', 'City', { required: true, autoComplete: 'address-level2' })}
        <FormField
          id={`checkout-${section}-state`}
          name={`${kind}.state`}
          label="State"
          required
          error={errors[`${kind}.state`]}
        >
          {(control) => (
            <NativeSelect.Root>
              <NativeSelect.Field
                {...control}
                autoComplete={`${section} address-level1`}
                value={values.state}
                onChange={(event) => onChange('state', event.target.value)}
              >
                <option value="">Choose a state</option>
                {CHECKOUT_STATE_CODES.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          )}
        </FormField>
        {text('zipCode', 'ZIP code', { required: true, autoComplete: 'postal-code' })}
      </SimpleGrid>
    </Stack>
  );
}
