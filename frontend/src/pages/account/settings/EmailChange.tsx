import { Button, chakra, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { syncEmail, type ClientProfile } from '../../../api/account';
import { toaster } from '../../../components/layout/toast-queue';
import { writeStorage } from '../../../lib/browser-storage';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { FormField } from '../../../components/form/FormField';

const emailSchema = z.string().trim().toLowerCase().pipe(z.email('Please enter a valid email address.'));

type Step = { kind: 'idle' } | { kind: 'email' } | { kind: 'code'; email: string };

/**
 * Changing the sign-in e-mail: Cognito sends a code to the new address; once it is verified the
 * profile takes the address from Cognito. Lives outside the profile form: it is its own save.
 */
export function EmailChange({ client, onSaved }: { client: ClientProfile; onSaved: (client: ClientProfile) => void }) {
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function sendCode() {
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    setBusy(true);
    try {
      const { requestEmailChange } = await import('../../../auth/session');
      await requestEmailChange(parsed.data);
      setStep({ kind: 'code', email: parsed.data });
      toaster.create({ type: 'info', title: `We sent a verification code to ${parsed.data}.` });
    } catch (failure) {
      setError(
        failure instanceof Error && failure.name === 'AliasExistsException'
          ? 'An account with this email already exists.'
          : 'Could not send a verification code. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  }

  async function verify() {
    if (!code.trim()) return setError('Please enter the code from the email.');
    setError(undefined);
    setBusy(true);
    try {
      const { confirmEmailChange } = await import('../../../auth/session');
      await confirmEmailChange(code.trim());
      const saved = await syncEmail();
      writeStorage('local', STORAGE_KEYS.clientEmail, saved.email);
      onSaved(saved);
      setStep({ kind: 'idle' });
      setEmail('');
      setCode('');
      toaster.create({ type: 'success', title: 'Your email address has been updated.' });
    } catch {
      setError('That code did not work. Please check it and try again.');
    } finally {
      setBusy(false);
    }
  }

  if (step.kind === 'idle') {
    return (
      <Stack gap="1">
        <Text fontWeight="semibold" fontSize="sm">
          Email address
        </Text>
        <Flex gap="3" align="center" wrap="wrap">
          <Text data-testid="account-email">{client.email}</Text>
          <Button size="sm" variant="outline" onClick={() => setStep({ kind: 'email' })}>
            Change Email
          </Button>
        </Flex>
      </Stack>
    );
  }

  return (
    <chakra.form
      display="flex"
      flexDirection="column"
      gap="3"
      borderWidth="1px"
      rounded="md"
      p="4"
      noValidate
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        void (step.kind === 'email' ? sendCode() : verify());
      }}
    >
      {step.kind === 'email' ? (
        <FormField
          id="email-new"
          name="newEmail"
          label="New email address"
          required
          error={error}
          helperText="You sign in with this address once it is verified."
        >
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          )}
        </FormField>
      ) : (
        <FormField
          id="email-code"
          name="code"
          label="Verification code"
          required
          error={error}
          helperText={`Enter the code we sent to ${step.email}.`}
        >
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          )}
        </FormField>
      )}
      <Flex gap="3">
        <Button type="submit" colorPalette="brand" size="sm" loading={busy}>
          {step.kind === 'email' ? 'Send Code' : 'Verify Email'}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setStep({ kind: 'idle' });
            setError(undefined);
          }}
        >
          Cancel
        </Button>
      </Flex>
    </chakra.form>
  );
}
