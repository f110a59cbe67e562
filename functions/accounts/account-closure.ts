/**
 * Closing an account (issue 30), for the customer's own request and staff's on a request made by
 * mail: checked (domain/accounts/privacy.ts: closureRefusal), recorded as `closing`, then the
 * Cognito user deleted (no sign-in, no new data), the records erased or anonymised (privacy-store.ts;
 * kept tax records carry the table's time-to-live), and the record `closed` with AccountClosed, whose
 * consumers mail the confirmation and delete the Stripe customer and the return photos (the record
 * names them from the start, as the erasure removes what points to them).
 * Each step is idempotent, so a closure that failed half-way is completed by asking again.
 */
import { AdminDeleteUserCommand, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import {
  closureRefusal,
  PRIVACY_MESSAGES,
  type AccountClosureAnswer,
  type ClosureRequester,
} from '#domain/accounts/privacy';
import { Conflict, NotFound } from '#domain/errors';
import { userPoolClient } from '../lib/aws-clients';
import { config } from '../lib/config';
import { readClientProfile } from './client-store';
import {
  emailsOf,
  eraseClientRecords,
  finishAccountClosure,
  readAccountClosure,
  readClientRecords,
  startAccountClosure,
  closureCheckInputOf,
  returnPhotoKeysOf,
} from './privacy-store';
import { readStripeCustomerId } from './stripe-customer-store';

/** Deletes the sign-in; one already gone (an earlier attempt's) is done. */
async function deleteSignIn(clientId: string): Promise<void> {
  try {
    await userPoolClient().send(new AdminDeleteUserCommand({ UserPoolId: config().USER_POOL_ID, Username: clientId }));
  } catch (error) {
    if (!(error instanceof UserNotFoundException || (error as Error).name === 'UserNotFoundException')) throw error;
  }
}

/**
 * Closes the client's account, or completes a closure already started. `confirms` is asked of the
 * account's e-mail before anything changes (the customer's typed confirmation; staff's is their
 * own dialog). Refused with the reason while closureRefusal finds one.
 */
export async function closeAccount(
  clientId: string,
  requestedBy: ClosureRequester,
  confirms: (accountEmail: string) => boolean,
  now: Date,
): Promise<AccountClosureAnswer> {
  let closure = await readAccountClosure(clientId);
  if (closure?.status === 'closed') return { status: 'closed', closedAt: closure.closedAt };
  if (!closure) {
    const profile = await readClientProfile(clientId);
    if (!profile) throw new NotFound(PRIVACY_MESSAGES.noAccount);
    if (!confirms(profile.email)) throw new Conflict(PRIVACY_MESSAGES.confirmMismatch);
    const firstLook = await readClientRecords(clientId, [profile.email]);
    const emails = emailsOf(profile.email, firstLook);
    const refusal = closureRefusal(closureCheckInputOf(firstLook, now.toISOString().slice(0, 10)));
    if (refusal) throw new Conflict(refusal);
    closure = await startAccountClosure(clientId, {
      status: 'closing',
      requestedBy,
      startedAt: now.toISOString(),
      closedAt: null,
      email: profile.email,
      firstName: profile.firstName,
      emails,
      stripeCustomerId: (await readStripeCustomerId(clientId)) ?? null,
      returnPhotoKeys: returnPhotoKeysOf(firstLook),
    });
  } else if (!confirms(closure.email ?? '')) {
    throw new Conflict(PRIVACY_MESSAGES.confirmMismatch);
  }
  await deleteSignIn(clientId);
  await eraseClientRecords(clientId, await readClientRecords(clientId, closure.emails ?? []), now);
  const closedAt = new Date().toISOString();
  await finishAccountClosure(clientId, {
    clientId,
    email: closure.email ?? '',
    firstName: closure.firstName ?? '',
    requestedBy: closure.requestedBy,
    closedAt,
    stripeCustomerId: closure.stripeCustomerId ?? null,
    returnPhotoKeys: closure.returnPhotoKeys ?? [],
  });
  return { status: 'closed', closedAt };
}
