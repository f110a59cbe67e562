import { Field } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { ZodType } from 'zod';

/** Props to spread on the field's control, tying it to its label and its error message. */
export interface FieldControlProps {
  name: string;
  'aria-describedby'?: string;
}

interface FormFieldProps {
  /** Unique on the page; the control's id and its error message's id derive from it. */
  id: string;
  name: string;
  label: string;
  error?: string;
  /** Marks the control invalid without a message of its own (a message another field already shows); true when there is an error. */
  invalid?: boolean;
  required?: boolean;
  helperText?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A labelled form control with its error message under it. Chakra marks the control
 * aria-invalid; the error is linked with aria-describedby, which screen readers announce
 * more widely than aria-errormessage.
 */
export function FormField({
  id,
  name,
  label,
  error,
  invalid = Boolean(error),
  required = false,
  helperText,
  children,
}: FormFieldProps) {
  const errorId = `${id}-error`;
  const helperId = `${id}-helper`;
  const describedBy = [error ? errorId : undefined, helperText ? helperId : undefined].filter(Boolean).join(' ');
  return (
    <Field.Root id={id} ids={{ errorText: errorId, helperText: helperId }} invalid={invalid} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children({ name, 'aria-describedby': describedBy || undefined })}
      {helperText && <Field.HelperText color="gray.600">{helperText}</Field.HelperText>}
      {/* Chakra's error red (red.500) is under 4.5:1 on white; red.700 is what the site's other error texts use. */}
      {error && <Field.ErrorText color="red.700">{error}</Field.ErrorText>}
    </Field.Root>
  );
}

/**
 * The first message of each invalid field in a zod error, keyed by the field's name: its path
 * dotted (`shippingAddress.zipCode`), as the API names fields in `fieldErrors`.
 */
export function firstMessageByField(
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    if (field !== '' && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/** Parses a form's values with its zod schema, showing each field's first message; null when they do not parse. */
export function parseFormValues<T>(
  schema: ZodType<T>,
  values: unknown,
  setErrors: (errors: Record<string, string>) => void,
): T | null {
  const parsed = schema.safeParse(values);
  setErrors(parsed.success ? {} : firstMessageByField(parsed.error.issues));
  return parsed.success ? parsed.data : null;
}

/** Moves focus to the first control, in page order, whose name has an error. */
export function focusFirstInvalid(
  form: HTMLFormElement | null,
  fieldOrder: readonly string[],
  errors: Record<string, string>,
) {
  const first = fieldOrder.find((name) => errors[name]);
  if (!form || !first) return;
  form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
}
