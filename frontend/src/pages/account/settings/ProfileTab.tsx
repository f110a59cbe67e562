import { Box, Input, SimpleGrid } from '@chakra-ui/react';
import { profileUpdateSchema } from '#domain/accounts/settings';
import { updateProfile, type ClientProfile } from '../../../api/account';
import { FormField } from '../../../components/form/FormField';
import { useZodForm } from '../../../lib/use-zod-form';
import { saveWithFeedback } from '../settings-form';
import { useSignInWhenUnauthorized } from '../../../lib/sign-in-redirect';
import { EmailChange } from './EmailChange';
import { TabForm } from './TabForm';

/** Profile Information: the name as the profile stores it (first and last), the e-mail and the phone. */
export function ProfileTab({ client, onSaved }: { client: ClientProfile; onSaved: (client: ClientProfile) => void }) {
  const form = useZodForm(
    { firstName: client.firstName, lastName: client.lastName, phone: client.phone ?? '' },
    { schema: profileUpdateSchema },
  );
  const { values, errors } = form;
  const signInWhenUnauthorized = useSignInWhenUnauthorized();
  const change = (field: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement>) =>
    form.set(field, event.target.value);

  const save = () =>
    form.submit(async () =>
      onSaved(
        await saveWithFeedback(
          () => updateProfile(values),
          { success: 'Your profile has been updated.', failure: 'Failed to update your profile. Please try again.' },
          signInWhenUnauthorized,
        ),
      ),
    );

  return (
    <>
      <TabForm
        title="Profile Information"
        intro="Your name and how we reach you about your orders."
        saving={form.submitting}
        submitLabel="Save Profile"
        onSubmit={save}
      >
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <FormField id="profile-first-name" name="firstName" label="First name" required error={errors.firstName}>
            {(control) => (
              <Input {...control} autoComplete="given-name" value={values.firstName} onChange={change('firstName')} />
            )}
          </FormField>
          <FormField id="profile-last-name" name="lastName" label="Last name" required error={errors.lastName}>
            {(control) => (
              <Input {...control} autoComplete="family-name" value={values.lastName} onChange={change('lastName')} />
            )}
          </FormField>
        </SimpleGrid>
        <FormField id="profile-phone" name="phone" label="Phone number" error={errors.phone}>
          {(control) => (
            <Input {...control} type="tel" autoComplete="tel" value={values.phone} onChange={change('phone')} />
          )}
        </FormField>
      </TabForm>
      <Box mt="8" pt="6" borderTopWidth="1px" maxW="xl">
        <EmailChange client={client} onSaved={onSaved} />
      </Box>
    </>
  );
}
