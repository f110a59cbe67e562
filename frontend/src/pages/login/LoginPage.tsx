import { Alert, Box, Button, chakra, Checkbox, Input, Link, Stack, Text } from '@chakra-ui/react';
import { AuthPageFrame } from '../../components/layout/AuthPageFrame';
import { useSetAtom } from 'jotai';
import { useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import {
  NEW_PASSWORD_MESSAGES,
  newPasswordFormSchema,
  SIGN_IN_MESSAGES,
  SIGN_IN_REDIRECT_DELAY_MS,
  signInDestination,
  signInSuccessToast,
  signInFormSchema,
} from '../../auth/sign-in-form';
import { announceCartChanged, fetchCart } from '../../api/cart';
import { broughtBackMessage } from '#domain/cart/lifecycle';
import { toaster } from '../../components/layout/toast-queue';
import { removeStorage, writeStorage } from '../../lib/browser-storage';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { FormField, firstMessageByField, focusFirstInvalid } from '../../components/form/FormField';
import { NewPasswordFields } from '../../components/form/NewPasswordFields';
import { storedClientAtom } from '../../state';
import { staffRolesOf } from '#domain/staff/roles';
import type { SignedInUser } from '../../auth/session';
import { signOutEverywhere } from '../../auth/sign-out';
import { ApiError, apiRequest } from '../../api/client';
import { clientDisplayName, type ClientProfile } from '#domain/accounts/client';
import type { Property } from '#domain/properties/property';

const NO_CLIENT_RECORD = 'No client record found. Please contact support.';
const ACCOUNT_LOAD_FAILED = 'Error loading your account. Please try again.';

const FIELD_ORDER = ['email', 'password'] as const;
const NEW_PASSWORD_FIELD_ORDER = ['newPassword', 'confirmPassword'] as const;

interface AccountSummary {
  clientId: string;
  clientName: string;
  accountType: string;
  defaultPropertyId: string | null;
  propertyCount: number;
}

/**
 * The client record and properties of the signed-in user, loaded before the page leaves. Staff have
 * no client record and sign in as the admin account type.
 */
async function loadAccountSummary(user: SignedInUser): Promise<AccountSummary> {
  // A member of staff (any role, or the legacy admin group) has no client record.
  if (staffRolesOf(user.groups).length > 0) {
    return {
      clientId: user.userId,
      clientName: user.name ?? '',
      accountType: 'admin',
      defaultPropertyId: null,
      propertyCount: 0,
    };
  }
  const [{ client }, { properties, defaultPropertyId }] = await Promise.all([
    apiRequest<{ client: ClientProfile }>('/account', { auth: true }),
    apiRequest<{ properties: Property[]; defaultPropertyId: string | null }>('/properties', { auth: true }),
  ]);
  return {
    clientId: client.id,
    clientName: clientDisplayName(client),
    accountType: client.accountType,
    defaultPropertyId,
    propertyCount: properties.length,
  };
}

/** The browser keys the shell reads to show the account menu. */
function rememberClient(email: string, account: AccountSummary): void {
  writeStorage('local', STORAGE_KEYS.clientId, account.clientId);
  writeStorage('local', STORAGE_KEYS.clientName, account.clientName);
  writeStorage('local', STORAGE_KEYS.clientEmail, email);
  writeStorage('local', STORAGE_KEYS.accountType, account.accountType);
  if (account.defaultPropertyId) writeStorage('local', STORAGE_KEYS.defaultPropertyId, account.defaultPropertyId);
  else removeStorage('local', STORAGE_KEYS.defaultPropertyId);
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
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const [choosingPassword, setChoosingPassword] = useState(false);
  const [newPassword, setNewPassword] = useState({ newPassword: '', confirmPassword: '' });
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
    setUnconfirmedEmail(null);
    setBusy(true);
    try {
      const { signInWithPassword } = await import('../../auth/session');
      const outcome = await signInWithPassword(parsed.data.email, parsed.data.password, {
        remember: parsed.data.rememberMe,
      });
      if (!outcome.ok) {
        const { reason } = outcome;
        if (reason === 'newPasswordRequired') setChoosingPassword(true);
        else {
          setUnconfirmedEmail(reason === 'unconfirmed' ? parsed.data.email : null);
          setFailure(SIGN_IN_MESSAGES[reason]);
        }
        setBusy(false);
        return;
      }
      await finishSignIn(outcome.user);
    } catch {
      setFailure(SIGN_IN_MESSAGES.failed);
      setBusy(false);
    }
  }

  /** The invited member's own password, in answer to the sign-in that asked for it. */
  async function handleNewPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = newPasswordFormSchema.safeParse(newPassword);
    if (!parsed.success) {
      const fieldErrors = firstMessageByField(parsed.error.issues);
      setErrors(fieldErrors);
      focusFirstInvalid(formRef.current, NEW_PASSWORD_FIELD_ORDER, fieldErrors);
      return;
    }
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      const { chooseNewPassword } = await import('../../auth/session');
      const outcome = await chooseNewPassword(parsed.data.newPassword);
      if (!outcome.ok) {
        setFailure(NEW_PASSWORD_MESSAGES.failed);
        setBusy(false);
        return;
      }
      await finishSignIn(outcome.user);
    } catch {
      setFailure(NEW_PASSWORD_MESSAGES.failed);
      setBusy(false);
    }
  }

  /** Signed in: the account loaded, the cart brought back, then on to where the visitor was going. */
  async function finishSignIn(user: SignedInUser) {
    let account: AccountSummary;
    try {
      account = await loadAccountSummary(user);
    } catch (error) {
      // Without a client record the shop cannot work for this user: do not leave them half signed in.
      await signOutEverywhere().catch(() => undefined);
      setFailure(error instanceof ApiError && error.status === 404 ? NO_CLIENT_RECORD : ACCOUNT_LOAD_FAILED);
      setBusy(false);
      return;
    }
    rememberClient(user.email, account);
    // The first load with the token makes the session's cart theirs and brings back the cart they
    // left at sign-out (domain/cart/lifecycle.ts); only that answer says how much came back.
    const broughtBack = await fetchCart().then(
      (cart) => cart.broughtBack ?? 0,
      () => 0,
    );
    announceCartChanged();
    setClient({ id: account.clientId, name: account.clientName || null });
    toaster.create({ type: 'success', title: signInSuccessToast(account.propertyCount) });
    if (broughtBack > 0) toaster.create({ type: 'info', title: broughtBackMessage(broughtBack) });
    const destination = signInDestination(searchParams.get('redirect'), previousPath(location.state));
    setTimeout(() => {
      navigate(destination, { replace: true });
    }, SIGN_IN_REDIRECT_DELAY_MS);
  }

  async function resendConfirmation(email: string) {
    setResending(true);
    try {
      const { resendConfirmationEmail } = await import('../../auth/session');
      await resendConfirmationEmail(email);
      toaster.create({ type: 'success', title: 'Confirmation email sent! Check your inbox.' });
    } catch {
      toaster.create({ type: 'error', title: 'Failed to send the confirmation email. Please try again.' });
    } finally {
      setResending(false);
    }
  }

  if (choosingPassword)
    return (
      <AuthPageFrame title="Choose Your Password" intro={NEW_PASSWORD_MESSAGES.intro}>
        <chakra.form
          ref={formRef}
          onSubmit={handleNewPassword}
          noValidate
          bg="white"
          borderWidth="1px"
          borderRadius="lg"
          p={{ base: 4, md: 6 }}
        >
          <Stack gap="5">
            <NewPasswordFields
              idPrefix="login"
              name="newPassword"
              showRules={false}
              values={newPassword}
              errors={errors}
              onChange={(field, value) => setNewPassword((current) => ({ ...current, [field]: value }))}
            />
            {failure && (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>{failure}</Alert.Title>
                </Alert.Content>
              </Alert.Root>
            )}
            <Button type="submit" colorPalette="brand" loading={busy} loadingText="Signing In...">
              Set Password and Sign In
            </Button>
          </Stack>
        </chakra.form>
      </AuthPageFrame>
    );

  return (
    <AuthPageFrame title="Sign In" intro="Welcome back. Sign in to your account.">
      <chakra.form
        ref={formRef}
        onSubmit={handleSubmit}
        noValidate
        bg="white"
        borderWidth="1px"
        borderRadius="lg"
        p={{ base: 4, md: 6 }}
      >
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
              onCheckedChange={(details) =>
                setValues((current) => ({ ...current, rememberMe: details.checked === true }))
              }
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
              <Alert.Content>
                <Alert.Title>{failure}</Alert.Title>
                {unconfirmedEmail && (
                  <Button
                    mt="2"
                    size="sm"
                    variant="outline"
                    colorPalette="brand"
                    loading={resending}
                    onClick={() => resendConfirmation(unconfirmedEmail)}
                  >
                    Resend confirmation email
                  </Button>
                )}
              </Alert.Content>
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
    </AuthPageFrame>
  );
}
