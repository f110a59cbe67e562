import { Checkbox, Input, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { PROPERTY_STATUSES, PROPERTY_TYPES, propertyFormSchema, type PropertyType } from '#domain/properties/property';
import { saveProperty, type Property } from '../../api/properties';
import { ApiError } from '../../api/client';
import { toaster } from '../../components/layout/toast-queue';
import { FormField, parseFormValues } from '../../components/form/FormField';
import { FormDialog } from '../../components/dialog/FormDialog';

export const PROPERTY_TYPE_LABELS: Record<PropertyType, string> = {
  'single-family': 'Single-family home',
  condo: 'Condo',
  townhouse: 'Townhouse',
  'multi-family': 'Multi-family',
  apartment: 'Apartment',
  commercial: 'Commercial',
};

const EMPTY = {
  name: '',
  address1: '',
  address2: '',
  city: '',
  state: 'TX',
  zipCode: '',
  propertyType: 'single-family' as PropertyType,
  isCommercial: false,
  totalUnitsCount: '1',
  completedUnitsCount: '0',
  propertyStatus: 'active' as (typeof PROPERTY_STATUSES)[number],
};
type PropertyForm = typeof EMPTY;

function formOf(property: Property | null): PropertyForm {
  if (!property) return EMPTY;
  return {
    ...property,
    totalUnitsCount: String(property.totalUnitsCount),
    completedUnitsCount: String(property.completedUnitsCount),
  };
}

/** Adds a property, or edits `property`; every field of the accounts spec's properties record. */
export function PropertyFormDialog({
  property,
  onClose,
  onSaved,
}: {
  property: Property | null;
  onClose: () => void;
  onSaved: (property: Property) => void;
}) {
  const [values, setValues] = useState<PropertyForm>(() => formOf(property));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const idPrefix = property ? `property-${property.id}` : 'property-new';

  const set = <K extends keyof PropertyForm>(field: K, value: PropertyForm[K]) =>
    setValues((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = parseFormValues(propertyFormSchema, values, setErrors);
    if (data === null) return;
    setSaving(true);
    try {
      const saved = await saveProperty(property?.id ?? null, data);
      toaster.create({ type: 'success', title: property ? 'Property updated.' : 'Property added.' });
      onSaved(saved);
    } catch (failure) {
      if (failure instanceof ApiError) setErrors(failure.fieldErrors);
      toaster.create({
        type: 'error',
        title: failure instanceof Error ? failure.message : 'Could not save the property.',
      });
    } finally {
      setSaving(false);
    }
  }

  const text = (
    field: 'name' | 'address1' | 'address2' | 'city' | 'state' | 'zipCode' | 'totalUnitsCount' | 'completedUnitsCount',
    label: string,
    options: { required?: boolean; autoComplete?: string; numeric?: boolean } = {},
  ) => (
    <FormField
      id={`${idPrefix}-${field}`}
      name={field}
      label={label}
      error={errors[field]}
      required={options.required ?? true}
    >
      {(control) => (
        <Input
          {...control}
          inputMode={options.numeric ? 'numeric' : undefined}
          autoComplete={options.autoComplete}
          value={values[field]}
          onChange={(event) => set(field, event.target.value)}
        />
      )}
    </FormField>
  );

  return (
    <FormDialog
      open
      onClose={onClose}
      title={property ? 'Edit Property' : 'Add Property'}
      formId={`${idPrefix}-form`}
      saving={saving}
      onSubmit={submit}
    >
      {text('name', 'Property name')}
      {text('address1', 'Street address', { autoComplete: 'address-line1' })}
      {text('address2', 'Address line 2', { required: false, autoComplete: 'address-line2' })}
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
        {text('city', 'City', { autoComplete: 'address-level2' })}
        {text('state', 'State', { autoComplete: 'address-level1' })}
        {text('zipCode', 'ZIP code', { autoComplete: 'postal-code' })}
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <FormField
          id={`${idPrefix}-propertyType`}
          name="propertyType"
          label="Property type"
          error={errors.propertyType}
          required
        >
          {(control) => (
            <NativeSelect.Root>
              <NativeSelect.Field
                {...control}
                value={values.propertyType}
                onChange={(event) => set('propertyType', event.target.value as PropertyType)}
              >
                {PROPERTY_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {PROPERTY_TYPE_LABELS[type]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          )}
        </FormField>
        <FormField id={`${idPrefix}-propertyStatus`} name="propertyStatus" label="Status" error={errors.propertyStatus}>
          {(control) => (
            <NativeSelect.Root>
              <NativeSelect.Field
                {...control}
                value={values.propertyStatus}
                onChange={(event) => set('propertyStatus', event.target.value as PropertyForm['propertyStatus'])}
              >
                <option value="active">Active</option>
                <option value="inactive">Inactive</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          )}
        </FormField>
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        {text('totalUnitsCount', 'Total units', { numeric: true })}
        {text('completedUnitsCount', 'Completed units', { numeric: true })}
      </SimpleGrid>
      <Checkbox.Root
        colorPalette="brand"
        checked={values.isCommercial}
        onCheckedChange={(details) => set('isCommercial', details.checked === true)}
      >
        <Checkbox.HiddenInput name="isCommercial" />
        <Checkbox.Control />
        <Checkbox.Label>Commercial property</Checkbox.Label>
      </Checkbox.Root>
    </FormDialog>
  );
}
