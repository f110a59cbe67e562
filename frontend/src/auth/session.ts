/**
 * The signed-in user, through Amplify (v6) against the deployment's Cognito user pool, or
 * cognito-local on one machine (`userPoolEndpoint` in /config.json). Amplify is configured on
 * first use, from the runtime config, so one build runs against any pool.
 */
import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  confirmUserAttribute,
  fetchAuthSession,
  resendSignUpCode,
  resetPassword,
  signIn,
  signOut,
  updatePassword,
  updateUserAttributes,
} from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { loadRuntimeConfig } from '../api/runtime-config';
import { rememberMeTokenStorage, rememberSessionOnThisDevice } from './token-storage';

let configuring: Promise<void> | undefined;

function ensureConfigured(): Promise<void> {
  configuring ??= loadRuntimeConfig()
    .then(({ userPoolId, userPoolClientId, userPoolEndpoint }) => {
      Amplify.configure({
        Auth: { Cognito: { userPoolId, userPoolClientId, ...(userPoolEndpoint ? { userPoolEndpoint } : {}) } },
      });
      cognitoUserPoolsTokenProvider.setKeyValueStorage(rememberMeTokenStorage);
    })
    .catch((error: unknown) => {
      configuring = undefined;
      throw error;
    });
  return configuring;
}

export interface SignedInUser {
  /** Cognito `sub`: the shop's client id. */
  userId: string;
  email: string;
  /** From the access token's `cognito:groups`: lets the UI adapt; the API decides what is allowed. */
  groups: string[];
  /** Given and family name when the user pool has them. */
  name?: string;
}

/** The current tokens, refreshed by Amplify when expired; undefined for a guest or an ended session. */
async function currentTokens() {
  await ensureConfigured();
  try {
    return (await fetchAuthSession()).tokens;
  } catch {
    return undefined;
  }
}

export async function currentAccessToken(): Promise<string | undefined> {
  return (await currentTokens())?.accessToken.toString();
}

export async function currentUser(): Promise<SignedInUser | undefined> {
  const tokens = await currentTokens();
  if (!tokens) return undefined;
  const access = tokens.accessToken.payload;
  const id = tokens.idToken?.payload ?? {};
  const groups = Array.isArray(access['cognito:groups']) ? access['cognito:groups'].map(String) : [];
  const name = [id.given_name, id.family_name].filter((part) => typeof part === 'string' && part !== '').join(' ');
  return {
    userId: String(access.sub),
    email: typeof id.email === 'string' ? id.email : String(access.username ?? ''),
    groups,
    ...(name ? { name } : {}),
  };
}

export type SignInOutcome =
  | { ok: true; user: SignedInUser }
  | { ok: false; reason: 'unconfirmed' | 'invalid-credentials' | 'failed' | 'newPasswordRequired' };

/**
 * USER_PASSWORD_AUTH (cognito-local has no SRP). Another user still signed in in this browser is
 * signed out first. `remember` keeps the session after the browser closes.
 */
export async function signInWithPassword(
  email: string,
  password: string,
  options: { remember?: boolean } = {},
): Promise<SignInOutcome> {
  await ensureConfigured();
  if (await currentTokens()) await signOut();
  rememberSessionOnThisDevice(options.remember ?? true);
  try {
    const result = await signIn({ username: email, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
    if (result.nextStep.signInStep === 'CONFIRM_SIGN_UP') return { ok: false, reason: 'unconfirmed' };
    // A member of staff invited from the Staff tab signs in first with the mailed temporary password.
    if (result.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED')
      return { ok: false, reason: 'newPasswordRequired' };
    if (!result.isSignedIn) return { ok: false, reason: 'failed' };
  } catch (error) {
    if (error instanceof Error && error.name === 'UserNotConfirmedException')
      return { ok: false, reason: 'unconfirmed' };
    if (error instanceof Error && error.name === 'NetworkError') return { ok: false, reason: 'failed' };
    return { ok: false, reason: 'invalid-credentials' };
  }
  const user = await currentUser();
  return user ? { ok: true, user } : { ok: false, reason: 'failed' };
}

/**
 * Answers the sign-in that asked for a new password (newPasswordRequired) with the user's own, and
 * ends signed in. Cognito's refusal (its password policy) is 'failed'.
 */
export async function chooseNewPassword(newPassword: string): Promise<SignInOutcome> {
  await ensureConfigured();
  try {
    const result = await confirmSignIn({ challengeResponse: newPassword });
    if (!result.isSignedIn) return { ok: false, reason: 'failed' };
  } catch {
    return { ok: false, reason: 'failed' };
  }
  const user = await currentUser();
  return user ? { ok: true, user } : { ok: false, reason: 'failed' };
}

/**
 * Ends the Cognito session in this browser: Amplify revokes the refresh token and forgets the
 * tokens (cognito-local has no GlobalSignOut, so other devices keep theirs until they expire).
 * What the shop does around it (the client's carts, the chat) is sign-out.ts's.
 */
export async function endCognitoSession(): Promise<void> {
  await ensureConfigured();
  await signOut();
}

/**
 * Changes the signed-in user's password (Cognito ChangePassword). Rejects with Cognito's error,
 * whose message says why (wrong current password, the pool's policy).
 */
export async function changePassword(oldPassword: string, newPassword: string): Promise<void> {
  await ensureConfigured();
  await updatePassword({ oldPassword, newPassword });
}

/**
 * Starts changing the sign-in e-mail: Cognito sends a verification code to the new address (the
 * local outbox on one machine). Rejects with Cognito's error (an address already in use).
 */
export async function requestEmailChange(email: string): Promise<void> {
  await ensureConfigured();
  await updateUserAttributes({ userAttributes: { email } });
}

/** Verifies the new e-mail with the code Cognito sent to it. */
export async function confirmEmailChange(code: string): Promise<void> {
  await ensureConfigured();
  await confirmUserAttribute({ userAttributeKey: 'email', confirmationCode: code });
}

/** The e-mail confirmation link's code; 'alreadyConfirmed' when the account was confirmed before (a second click). */
export async function confirmEmailAddress(email: string, code: string): Promise<'confirmed' | 'alreadyConfirmed'> {
  await ensureConfigured();
  try {
    await confirmSignUp({ username: email, confirmationCode: code });
    return 'confirmed';
  } catch (error) {
    if (error instanceof Error && error.name === 'NotAuthorizedException' && /CONFIRMED/i.test(error.message))
      return 'alreadyConfirmed';
    throw error;
  }
}

/** Mails a new confirmation link (sign-in refused an unconfirmed e-mail). */
export async function resendConfirmationEmail(email: string): Promise<void> {
  await ensureConfigured();
  await resendSignUpCode({ username: email });
}

/** Mails a reset link; Cognito does not say whether the e-mail has an account. */
export async function requestPasswordReset(email: string): Promise<void> {
  await ensureConfigured();
  await resetPassword({ username: email });
}

/** Sets the new password with the reset link's code. */
export async function setPasswordWithResetCode(email: string, code: string, newPassword: string): Promise<void> {
  await ensureConfigured();
  await confirmResetPassword({ username: email, confirmationCode: code, newPassword });
}
