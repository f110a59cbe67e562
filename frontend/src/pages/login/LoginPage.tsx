import { Alert, Box, Button, chakra, Checkbox, Container, Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useSetAtom } from 'jotai';
import { useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import {
  SIGN_IN_MESSAGES,
  SIGN_IN_REDIRECT_DELAY_MS,
  SIGN_IN_SUCCESS_TOAST,
  signInDestination,
  signInFormSchema,
} from '../../auth/sign-in-form';
import { announceCartOwnerChange } from '../../api/cart';
import { toaster } from '../../components/layout/Toaster';
import { writeStorage } from '../../lib/browser-storage';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { FormField, firstMessageByField, focusFirstInvalid } from '../info/components/FormField';
import { storedClientAtom } from '../../state';
import { STAFF_GROUP, type SignedInUser } from '../../auth/session';

const FIELD_ORDER = ['email', 'password'] as const;

/** Staff sign in as the admin account type; clients' own records (and their type) arrive with accounts. */
function accountTypeOf(user: SignedInUser): string {
  return user.groups.includes(STAFF_GROUP) ? 'admin' : 'residential';
}

/** The browser keys the shell reads to show the account menu (storefront spec section 3). */
function rememberClient(user: SignedInUser): void {
  writeStorage('local', STORAGE_KEYS.clientId, user.userId);
  writeStorage('local', STORAGE_KEYS.clientName, user.name ?? '');
  writeStorage('local', STORAGE_KEYS.clientEmail, user.email);
  writeStorage('local', STORAGE_KEYS.accountType, accountTypeOf(user));
}

/** The same-site page the visitor came from, when the browser tells. */
function previousPath(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from === 'string') return from;
  try {
    const referrer = new URL(document.referrer);
    return referrer.origin === window.location.origin ? `${referrer.pathname}${referrer.search}` : null;
  } catch {
    return null;
  }
}

export default function LoginPage() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const setClient = useSetAtom(storedClientAtom);
  const [values, setValues] = useState({ email: '', password: '', rememberMe: false });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = signInFormSchema.safeParse(values);
    if (!parsed.success) {
      const fieldErrors = firstMessageByField(parsed.error.issues);
      setErrors(fieldErrors);
      focusFirstInvalid(formRef.current, FIELD_ORDER, fieldErrors);
      return;
    }
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      const { signInWithPassword } = await import('../../auth/session');
      const outcome = await signInWithPassword(parsed.data.email, parsed.data.password, { remember: parsed.data.rememberMe });
      if (!outcome.ok) {
        setFailure(SIGN_IN_MESSAGES[outcome.reason]);
        setBusy(false);
        return;
      }
      rememberClient(outcome.user);
      // With the client stored, the badge reads with the token: the session's cart becomes theirs.
      announceCartOwnerChange();
      setClient({ id: outcome.user.userId, name: outcome.user.name ?? null });
      toaster.create({ type: 'success', title: SIGN_IN_SUCCESS_TOAST });
      const destination = signInDestination(searchParams.get('redirect'), previousPath(location.state));
      setTimeout(() => navigate(destination, { replace: true }), SIGN_IN_REDIRECT_DELAY_MS);
    } catch {
      setFailure(SIGN_IN_MESSAGES.failed);
      setBusy(false);
    }
  }

  return (
    <Container maxW="md" py={{ base: '10', md: '16' }}>
      <Heading as="h1" size="3xl" fontFamily="heading" color="brand.800" textAlign="center">
        Sign In
      </Heading>
      <Text mt="2" mb="6" color="gray.700" textAlign="center">
        Welcome back. Sign in to your account.
      </Text>
      <chakra.form ref={formRef} onSubmit={handleSubmit} noValidate bg="white" borderWidth="1px" borderRadius="lg" p={{ base: 4, md: 6 }}>
        <Stack gap="5">
          <FormField id="login-email" name="email" label="Email" required error={errors.email}>
            {(control) => (
              <Input
                {...control}
                type="email"
                autoComplete="email"
                value={values.email}
                onChange={(event) => setValues((current) => ({ ...current, email: event.target.value }))}
              />
            )}
          </FormField>
          <FormField id="login-password" name="password" label="Password" required error={errors.password}>
            {(control) => (
              <Input
                {...control}
                type="password"
                autoComplete="current-password"
                value={values.password}
                onChange={(event) => setValues((current) => ({ ...current, password: event.target.value }))}
              />
            )}
          </FormField>
          <Box display="flex" justifyContent="space-between" alignItems="center" flexWrap="wrap" gap="2">
            <Checkbox.Root
              colorPalette="brand"
              checked={values.rememberMe}
              onCheckedChange={(details) => setValues((current) => ({ ...current, rememberMe: details.checked === true }))}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>Remember me</Checkbox.Label>
            </Checkbox.Root>
            <Link asChild color="brand.700" fontSize="sm" fontWeight="medium">
              <RouterLink to="/forgot-password">Forgot password?</RouterLink>
            </Link>
          </Box>
          {failure && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{failure}</Alert.Title>
            </Alert.Root>
          )}
          <Button type="submit" colorPalette="brand" loading={busy} loadingText="Signing In...">
            Sign In
          </Button>
        </Stack>
      </chakra.form>
      <Text mt="6" textAlign="center" color="gray.700">
        Don't have an account?{' '}
        <Link asChild color="brand.700" fontWeight="medium">
          <RouterLink to="/account-creation">Create an account</RouterLink>
        </Link>
      </Text>
    </Container>
  );
}
