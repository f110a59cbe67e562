import { Input } from '@chakra-ui/react';
import {
  PASSWORD_CHANGE_ERROR_MESSAGE,
  PASSWORD_CHANGE_FAILED_MESSAGE,
  PASSWORD_CHANGED_MESSAGE,
  passwordChangeSchema,
} from '#domain/accounts/settings';
import { toaster } from '../../../components/layout/toast-queue';
import { FormField } from '../../../components/form/FormField';
import { NewPasswordFields } from '../../../components/form/NewPasswordFields';
import { useZodForm } from '../../../lib/use-zod-form';
import { TabForm } from './TabForm';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Cognito's refusals (a wrong current password, the pool's policy) carry a reason worth showing. */
const COGNITO_REFUSALS = new Set([
  'NotAuthorizedException',
  'InvalidPasswordException',
  'InvalidParameterException',
  'LimitExceededException',
]);

/** Password & Security: current, new and confirmation; changed with Cognito. */
export function PasswordTab() {
  const form = useZodForm(EMPTY, { schema: passwordChangeSchema });
  const { values, errors } = form;
  const change = (field: keyof typeof EMPTY) => (event: React.ChangeEvent<HTMLInputElement>) =>
    form.set(field, event.target.value);

  // Cognito's refusals are said in a toast, not by a field.
  const save = () =>
    form.submit(async (data) => {
      try {
        const { changePassword } = await import('../../../auth/session');
        await changePassword(data.currentPassword, data.newPassword);
        form.setValues(EMPTY);
        toaster.create({ type: 'success', title: PASSWORD_CHANGED_MESSAGE });
      } catch (error) {
        const refused = error instanceof Error && COGNITO_REFUSALS.has(error.name);
        toaster.create(
          refused
            ? {
                type: 'error',
                title: PASSWORD_CHANGE_FAILED_MESSAGE,
                description:
                  error.name === 'NotAuthorizedException' ? 'Your current password is incorrect.' : error.message,
              }
            : { type: 'error', title: PASSWORD_CHANGE_ERROR_MESSAGE },
        );
      }
    });

  return (
    <TabForm
      title="Password & Security"
      intro="Change the password you sign in with."
      saving={form.submitting}
      submitLabel="Change Password"
      onSubmit={save}
    >
      <FormField
        id="password-current"
        name="currentPassword"
        label="Current password"
        required
        error={errors.currentPassword}
      >
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="current-password"
            value={values.currentPassword}
            onChange={change('currentPassword')}
          />
        )}
      </FormField>
      <NewPasswordFields
        idPrefix="password"
        name="newPassword"
        values={values}
        errors={errors}
        onChange={(field, value) => form.set(field, value)}
      />
    </TabForm>
  );
}
