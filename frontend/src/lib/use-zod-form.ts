import { useCallback, useRef, useState } from 'react';
import type { ZodType } from 'zod';
import { ApiError, type FieldErrors } from '../api/client';
import { firstMessageByField, focusFirstInvalid } from '../components/form/FormField';

export interface ZodFormOptions<Data> {
  /** The schema the API parses the request with: the form names the same fields with the same messages before it sends. */
  schema?: ZodType<Data>;
  /** The controls' names in page order: the first one with an error takes focus (through `formRef`). */
  fieldOrder?: readonly string[];
  /** Shows a field that may be hidden (on another tab) before it takes focus; replaces the focus move when given. */
  reveal?: (field: string) => void;
}

/** Each bad field's first message keyed by its control's name, as the API's 400 names them; empty when `input` parses. */
export function fieldErrorsOf(schema: ZodType, input: unknown): FieldErrors {
  const parsed = schema.safeParse(input);
  return parsed.success ? {} : firstMessageByField(parsed.error.issues);
}

/**
 * The SPA's one way to run a form: its values, its errors by field name (from the zod schema the
 * server uses, or from the server's 400), and whether it is being sent. `submit` validates, then runs
 * `send` with the parsed data; `send` says how it went (a toast) and rethrows, and an ApiError that
 * names fields puts each message by its field, the first one focused. A form checked in more than one
 * step shows what it found with `showErrors` and sends with `run`.
 */
export function useZodForm<Values extends object, Data = Values>(
  initial: Values | (() => Values),
  { schema, fieldOrder = [], reveal }: ZodFormOptions<Data> = {},
) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const set = useCallback(
    <K extends keyof Values>(field: K, value: Values[K]) => setValues((current) => ({ ...current, [field]: value })),
    [],
  );

  function showErrors(found: FieldErrors) {
    setErrors(found);
    const first = fieldOrder.find((field) => found[field]);
    if (reveal) {
      if (first) reveal(first);
    } else focusFirstInvalid(formRef.current, fieldOrder, found);
  }

  /** The parsed data, or null with each bad field's message shown. */
  function validate(input: unknown = values): Data | null {
    if (!schema) throw new Error('useZodForm: validate needs the form’s schema');
    const parsed = schema.safeParse(input);
    showErrors(parsed.success ? {} : firstMessageByField(parsed.error.issues));
    return parsed.success ? parsed.data : null;
  }

  /** The server's field errors by their fields; answers whether it named any. */
  function showServerErrors(error: unknown): boolean {
    if (!(error instanceof ApiError) || Object.keys(error.fieldErrors).length === 0) return false;
    showErrors(error.fieldErrors);
    return true;
  }

  /**
   * Runs `send` while `submitting` is true; answers whether it went through. An ApiError it throws
   * (after saying so) shows the fields the server named; any other error goes on.
   */
  async function run(send: () => Promise<void>): Promise<boolean> {
    setSubmitting(true);
    try {
      await send();
      return true;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      showServerErrors(error);
      return false;
    } finally {
      setSubmitting(false);
    }
  }

  /** Validates `input` (the values by default) with the schema, then sends the parsed data. */
  async function submit(send: (data: Data) => Promise<void>, input: unknown = values): Promise<boolean> {
    const data = validate(input);
    return data === null ? false : run(() => send(data));
  }

  return {
    values,
    setValues,
    set,
    errors,
    setErrors,
    showErrors,
    showServerErrors,
    validate,
    run,
    submit,
    submitting,
    formRef,
  };
}
