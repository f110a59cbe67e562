import { Box, Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { AuthPageFrame } from '../../components/layout/AuthPageFrame';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';

type ConfirmationState =
  { status: 'loading' } | { status: 'confirmed' | 'alreadyConfirmed' } | { status: 'error'; message: string };

const INVALID_LINK = 'Invalid confirmation link. Please check your email for the correct link.';
const SUCCESS = 'Email confirmed successfully! You can now sign in.';
const ALREADY_CONFIRMED = 'Your email is already confirmed. You can sign in.';

/** Cognito's answer for a wrong or used code, in the old shop's words. */
function failureMessage(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'CodeMismatchException' || name === 'ExpiredCodeException')
    return 'Failed to confirm email. The link may have expired.';
  if (name === 'NetworkError') return 'Email confirmation failed. Please try again.';
  return error instanceof Error && error.message ? error.message : 'An unexpected error occurred. Please try again.';
}

export default function EmailConfirmationPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const type = searchParams.get('type');
  const email = searchParams.get('email');
  const [state, setState] = useState<ConfirmationState>({ status: 'loading' });

  useEffect(() => {
    if (!token || !email || type !== 'signup') {
      setState({ status: 'error', message: INVALID_LINK });
      return;
    }
    let current = true;
    import('../../auth/session')
      .then(({ confirmEmailAddress }) => confirmEmailAddress(email, token))
      .then(
        (status) => current && setState({ status }),
        (error: unknown) => current && setState({ status: 'error', message: failureMessage(error) }),
      );
    return () => {
      current = false;
    };
  }, [token, type, email]);

  return (
    <AuthPageFrame title="Email Confirmation">
      <Box
        mt="6"
        textAlign="center"
        bg="white"
        borderWidth="1px"
        borderRadius="lg"
        p={{ base: 4, md: 6 }}
        role="status"
        aria-live="polite"
      >
        {state.status === 'loading' && (
          <Stack align="center" gap="3">
            <Spinner color="brand.600" />
            <Text>Confirming your email...</Text>
          </Stack>
        )}
        {(state.status === 'confirmed' || state.status === 'alreadyConfirmed') && (
          <Stack align="center" gap="4">
            <Text fontWeight="medium" color="green.700">
              {state.status === 'confirmed' ? SUCCESS : ALREADY_CONFIRMED}
            </Text>
            <Button asChild colorPalette="brand">
              <RouterLink to="/login">{state.status === 'confirmed' ? 'Continue to Sign In' : 'Sign In'}</RouterLink>
            </Button>
          </Stack>
        )}
        {state.status === 'error' && (
          <Stack align="center" gap="4">
            <Text fontWeight="medium" color="red.700">
              {state.message}
            </Text>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
              <Button asChild variant="outline" colorPalette="brand">
                <RouterLink to="/account-creation">Create New Account</RouterLink>
              </Button>
              <Button asChild colorPalette="brand">
                <RouterLink to="/login">Try Sign In Anyway</RouterLink>
              </Button>
            </Stack>
          </Stack>
        )}
      </Box>
    </AuthPageFrame>
  );
}
