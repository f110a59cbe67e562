import { Input } from '@chakra-ui/react';
import { PASSWORD_RULES_TEXT } from '#domain/accounts/registration';
import { FormField } from './FormField';

/**
 * A new password and its confirmation (`confirmPassword`), as the forms that set one ask for them.
 * `name` is the new password's field, as the form's schema names it.
 */
export function NewPasswordFields<Name extends 'password' | 'newPassword'>({
  idPrefix,
  name,
  labels = { password: 'New password', confirm: 'Confirm new password' },
  showRules = true,
  values,
  errors,
  onChange,
}: {
  idPrefix: string;
  name: Name;
  labels?: { password: string; confirm: string };
  showRules?: boolean;
  values: Record<Name | 'confirmPassword', string>;
  errors: Readonly<Partial<Record<string, string>>>;
  onChange: (field: Name | 'confirmPassword', value: string) => void;
}) {
  const field = (fieldName: Name | 'confirmPassword', id: string, label: string, helperText?: string) => (
    <FormField id={id} name={fieldName} label={label} required error={errors[fieldName]} helperText={helperText}>
      {(control) => (
        <Input
          {...control}
          type="password"
          autoComplete="new-password"
          value={values[fieldName]}
          onChange={(event) => onChange(fieldName, event.target.value)}
        />
      )}
    </FormField>
  );
  return (
    <>
      {field(name, `${idPrefix}-new-password`, labels.password, showRules ? PASSWORD_RULES_TEXT : undefined)}
      {field('confirmPassword', `${idPrefix}-confirm-password`, labels.confirm)}
    </>
  );
}
