import { Alert, Box, Button, chakra, Collapsible, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { AuthPageFrame } from '../../components/layout/AuthPageFrame';
import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { PASSWORDS_DONT_MATCH_MESSAGE, passwordSchema } from '#domain/accounts/registration';
import { toaster } from '../../components/layout/toast-queue';
import { parseFormValues } from '../../components/form/FormField';
import { NewPasswordFields } from '../../components/form/NewPasswordFields';
import { signOutEverywhere } from '../../auth/sign-out';
import { readResetLink, type ResetLink } from './reset-link';

const newPasswordSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: PASSWORDS_DONT_MATCH_MESSAGE,
  });

/** After Password Updated, the page signs out and goes to /login after this pause. */
const LEAVE_AFTER_MS = 3000;

type PageState =
  | { step: 'validating' }
  | { step: 'valid'; email: string; code: string }
  | { step: 'updated' }
  | { step: 'invalid'; debug?: string };

export default function ResetPasswordPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [state, setState] = useState<PageState>({ step: 'validating' });
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const link: ResetLink = readResetLink(location.search, location.hash);
    setState(
      link.valid ? { step: 'valid', email: link.email, code: link.code } : { step: 'invalid', debug: link.debug },
    );
  }, [location.search, location.hash]);

  useEffect(() => {
    if (state.step !== 'updated') return;
    const timer = setTimeout(() => {
      navigate('/login', { replace: true });
    }, LEAVE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [state.step, navigate]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.step !== 'valid') return;
    const data = parseFormValues(newPasswordSchema, values, setErrors);
    if (data === null) return;
    setBusy(true);
    try {
      const { setPasswordWithResetCode } = await import('../../auth/session');
      await setPasswordWithResetCode(state.email, state.code, data.password);
      await signOutEverywhere().catch(() => undefined);
      toaster.create({ type: 'success', title: 'Password updated successfully!' });
      setState({ step: 'updated' });
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      if (name === 'CodeMismatchException' || name === 'ExpiredCodeException' || name === 'UserNotFoundException') {
        setState({ step: 'invalid', debug: `Validation error: ${(error as Error).message}` });
      } else {
        toaster.create({ type: 'error', title: 'Failed to update password. Please try again.' });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthPageFrame title="Reset Password">
      <Box mt="6" bg="white" borderWidth="1px" borderRadius="lg" p={{ base: 4, md: 6 }}>
        {state.step === 'validating' && (
          <Stack align="center" gap="3" role="status">
            <Spinner color="brand.600" />
            <Text>Validating Reset Link</Text>
          </Stack>
        )}
        {state.step === 'valid' && (
          <chakra.form onSubmit={handleSubmit} noValidate>
            <Stack gap="5">
              <Heading as="h2" size="xl" color="brand.800">
                Set New Password
              </Heading>
              <NewPasswordFields
                idPrefix="reset"
                name="password"
                labels={{ password: 'New Password', confirm: 'Confirm Password' }}
                values={values}
                errors={errors}
                onChange={(field, value) => setValues((current) => ({ ...current, [field]: value }))}
              />
              <Button type="submit" colorPalette="brand" loading={busy} loadingText="Updating...">
                Update Password
              </Button>
            </Stack>
          </chakra.form>
        )}
        {state.step === 'updated' && (
          <Stack align="center" gap="4" textAlign="center" role="status">
            <Heading as="h2" size="xl" color="brand.800">
              Password Updated
            </Heading>
            <Text>Your password has been updated. Taking you to sign in...</Text>
            <Button asChild colorPalette="brand">
              <RouterLink to="/login">Continue to Sign In</RouterLink>
            </Button>
          </Stack>
        )}
        {state.step === 'invalid' && (
          <Stack gap="4" textAlign="center">
            <Heading as="h2" size="xl" color="red.700">
              Invalid Reset Link
            </Heading>
            <Text>This password reset link is invalid or has expired. It may have expired or already been used.</Text>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3" justify="center">
              <Button asChild colorPalette="brand">
                <RouterLink to="/forgot-password">Request New Reset Link</RouterLink>
              </Button>
              <Button asChild variant="outline" colorPalette="brand">
                <RouterLink to="/login">Back to Sign In</RouterLink>
              </Button>
            </Stack>
            {state.debug && (
              <Collapsible.Root>
                <Collapsible.Trigger asChild>
                  <Button variant="ghost" size="sm">
                    Debug information
                  </Button>
                </Collapsible.Trigger>
                <Collapsible.Content>
                  <Alert.Root status="info">
                    <Alert.Description fontFamily="mono" fontSize="sm">
                      {state.debug}
                    </Alert.Description>
                  </Alert.Root>
                </Collapsible.Content>
              </Collapsible.Root>
            )}
          </Stack>
        )}
      </Box>
    </AuthPageFrame>
  );
}
