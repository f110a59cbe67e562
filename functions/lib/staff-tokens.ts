/**
 * A member of staff's access token stays valid until it expires (up to an hour) after an owner
 * disables or removes them or changes their roles: API Gateway's JWT authorizer cannot see Cognito's
 * change. So each staff request reads the member's token cut-off, written with the change: a
 * disabled or removed member's token is refused, and one issued before a change of roles is sent to
 * sign in again (the new token carries the new roles). One read of the table per staff request.
 */
import { getItem, putItem } from './table/items';
import { staffTokenCutOffKeys } from './table/keys/staff';

/** Longer than any access token lives (the user pool's default: an hour); a disabled member gets no new one. */
const CUT_OFF_KEPT_SECONDS = 86_400;

export const STAFF_ACCESS_WITHDRAWN_MESSAGE = 'Your access to the staff area has been withdrawn.';
export const STAFF_SIGN_IN_AGAIN_MESSAGE = 'Your access to the staff area has changed. Please sign in again.';

/** Why this verified staff token may no longer be used, or null. */
export async function staffTokenRefusal(claims: Record<string, unknown>): Promise<string | null> {
  const cutOff = await getItem(staffTokenCutOffKeys(String(claims.sub)));
  if (!cutOff) return null;
  if (cutOff.withdrawn === true) return STAFF_ACCESS_WITHDRAWN_MESSAGE;
  return Number(claims.iat) < Number(cutOff.issuedBefore) ? STAFF_SIGN_IN_AGAIN_MESSAGE : null;
}

/**
 * From `at` (the clock Cognito stamps tokens with, not a request's test time) on, the member's
 * earlier tokens are refused; `withdrawn`: every token is, until an
 * owner enables them again.
 */
export async function cutOffStaffTokens(userId: string, at: Date, withdrawn: boolean): Promise<void> {
  const issuedBefore = Math.floor(at.getTime() / 1000);
  await putItem({
    Item: {
      ...staffTokenCutOffKeys(userId),
      entity: 'staffTokenCutOff',
      issuedBefore,
      withdrawn,
      expiresAt: issuedBefore + CUT_OFF_KEPT_SECONDS,
    },
  });
}
