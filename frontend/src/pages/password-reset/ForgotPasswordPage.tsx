import { Button, chakra, Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import { AuthPageFrame } from '../../components/layout/AuthPageFrame';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { z } from 'zod';
import { toaster } from '../../components/layout/toast-queue';
import { FormField } from '../../components/form/FormField';

const emailSchema = z.string().trim().toLowerCase().pipe(z.email('Please enter a valid email address.'));

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const { requestPasswordReset } = await import('../../auth/session');
      await requestPasswordReset(parsed.data);
      toaster.create({ type: 'success', title: 'Password reset email sent! Check your inbox.' });
      setSent(true);
    } catch (failure) {
      // An unknown address looks the same as a known one: the page never tells who has an account.
      if (failure instanceof Error && failure.name === 'UserNotFoundException') {
        toaster.create({ type: 'success', title: 'Password reset email sent! Check your inbox.' });
        setSent(true);
      } else {
        toaster.create({ type: 'error', title: 'Failed to send reset email. Please try again.' });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthPageFrame title="Forgot Password">
      {sent ? (
        <Stack mt="6" gap="4" bg="white" borderWidth="1px" borderRadius="lg" p={{ base: 4, md: 6 }} textAlign="center">
          <Heading as="h2" size="xl" color="brand.800">
            Check Your Email
          </Heading>
          <Text>
            If an account exists for {email.trim()}, we sent a link to reset its password. The link expires in 1 hour.
          </Text>
          <Button variant="outline" colorPalette="brand" onClick={() => setSent(false)}>
            Didn't get it? Try again
          </Button>
          <Link asChild color="brand.700" fontWeight="medium" justifyContent="center">
            <RouterLink to="/login">Back to Sign In</RouterLink>
          </Link>
        </Stack>
      ) : (
        <>
          <Text mt="2" mb="6" color="gray.700" textAlign="center">
            Enter your email and we will send you a link to reset your password.
          </Text>
          <chakra.form
            onSubmit={handleSubmit}
            noValidate
            bg="white"
            borderWidth="1px"
            borderRadius="lg"
            p={{ base: 4, md: 6 }}
          >
            <Stack gap="5">
              <FormField id="forgot-email" name="email" label="Email" required error={error}>
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
              <Button type="submit" colorPalette="brand" loading={busy} loadingText="Sending...">
                Send Reset Link
              </Button>
            </Stack>
          </chakra.form>
          <Text mt="6" textAlign="center">
            <Link asChild color="brand.700" fontWeight="medium">
              <RouterLink to="/login">Back to Sign In</RouterLink>
            </Link>
          </Text>
        </>
      )}
    </AuthPageFrame>
  );
}
