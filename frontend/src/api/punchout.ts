/**
 * The partner (punch-out) routes as the browser uses them. The partner token travels as
 * `x-partner-session` on every call (api/client.ts); these add the session's shopping session id.
 */
import { SESSION_ID_HEADER } from '#domain/cart/session';
import {
  partnerAuthenticationSchema,
  partnerErrorSchema,
  partnerSessionViewSchema,
  submitAnswerSchema,
  type PartnerAuthentication,
  type PartnerSessionView,
  type SubmitAnswer,
} from '#domain/punchout/session';
import type { PartnerArrival } from '../lib/partner-mode';
import { shoppingSessionId } from '../lib/shopping-session';
import { ApiError, apiRequest } from './client';

/** The `error` a partner route answers a refusal with (`{ error }`, not the API's usual `{ message }`). */
export function partnerErrorOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const body = partnerErrorSchema.safeParse(error.body);
  return body.success ? body.data.error : undefined;
}

/** POST /api/punchout/sessions: redeems a start page (single use) for the partner session and its token. */
export async function redeemStartPage(arrival: PartnerArrival): Promise<PartnerAuthentication> {
  const body = {
    s: arrival.startId,
    ...(arrival.buyerCookie ? { bc: arrival.buyerCookie } : {}),
    ...(arrival.returnUrl ? { ru: arrival.returnUrl } : {}),
  };
  return partnerAuthenticationSchema.parse(await apiRequest('/punchout/sessions', { method: 'POST', body }));
}

/** GET /api/punchout/session: the stored session while the server still holds it (401 once its 24 hours are over). */
export async function fetchPartnerSession(options: { signal?: AbortSignal } = {}): Promise<PartnerSessionView> {
  const answer = await apiRequest('/punchout/session', {
    ...options,
    headers: { [SESSION_ID_HEADER]: shoppingSessionId() },
  });
  return partnerSessionViewSchema.parse(answer);
}

/** POST /api/punchout/submit: the cart as the cXML the browser returns to the buyer's system. */
export async function submitPartnerCart(): Promise<SubmitAnswer> {
  const answer = await apiRequest('/punchout/submit', {
    method: 'POST',
    body: {},
    headers: { [SESSION_ID_HEADER]: shoppingSessionId() },
  });
  return submitAnswerSchema.parse(answer);
}

/**
 * POST /api/punchout/submissions/{submissionId}/returned: the browser is leaving with the cart for
 * the buyer's system, so the server may now mark it submitted and tell staff. Sent as the page is
 * left, so it outlives the page.
 */
export async function confirmCartReturned(submissionId: string): Promise<void> {
  await apiRequest(`/punchout/submissions/${encodeURIComponent(submissionId)}/returned`, {
    method: 'POST',
    headers: { [SESSION_ID_HEADER]: shoppingSessionId() },
    keepalive: true,
  });
}
