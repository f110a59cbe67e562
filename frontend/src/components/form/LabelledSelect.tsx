import { Field, NativeSelect } from '@chakra-ui/react';
import { FormField, type FieldControlProps } from './FormField';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectProps {
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  disabled?: boolean;
}

function Select({ value, options, onChange, disabled, control }: SelectProps & { control?: FieldControlProps }) {
  return (
    <NativeSelect.Root disabled={disabled}>
      <NativeSelect.Field {...control} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/**
 * A native select with its visible label. With `field` it is a form's field (a `FormField`): named
 * as the API names it, with its error message under it.
 */
export function LabelledSelect({
  label,
  required,
  field,
  ...select
}: SelectProps & {
  label: string;
  required?: boolean;
  field?: { id: string; name: string; error?: string };
}) {
  if (field) {
    return (
      <FormField id={field.id} name={field.name} label={label} required={required} error={field.error}>
        {(control) => <Select {...select} control={control} />}
      </FormField>
    );
  }
  return (
    <Field.Root required={required}>
      <Field.Label>{label}</Field.Label>
      <Select {...select} />
    </Field.Root>
  );
}
