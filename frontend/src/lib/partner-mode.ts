import { PARTNER_MESSAGES } from '#domain/punchout/partner-messages';
import type { PartnerAuthentication } from '#domain/punchout/session';
import { PARTNER_ACCOUNT_TYPE, STORAGE_KEYS } from './storage-keys';

/** The part of Storage this needs, so it runs against a plain map in tests. */
export type StorageReader = Pick<Storage, 'getItem'>;

/** What a start page's URL carries: the RealPage form `rp=true&s&bc&ru`, or `punchout=true&s` for other cXML buyers. */
export interface PartnerArrival {
  startId: string;
  buyerCookie?: string;
  returnUrl?: string;
  isRealPage: boolean;
}

const ARRIVAL_PARAMS = ['rp', 'punchout', 's', 'bc', 'ru'] as const;

/** The arrival a URL's query describes; null for an ordinary visit (RealPage's form needs all of s, bc and ru). */
export function partnerArrivalFrom(search: string): PartnerArrival | null {
  const params = new URLSearchParams(search);
  const startId = params.get('s');
  if (!startId) return null;
  if (params.get('rp') === 'true') {
    const buyerCookie = params.get('bc');
    const returnUrl = params.get('ru');
    return buyerCookie && returnUrl ? { startId, buyerCookie, returnUrl, isRealPage: true } : null;
  }
  return params.get('punchout') === 'true' ? { startId, isRealPage: false } : null;
}

/** The query without the start page's parameters, so a reload or a shared link does not carry a spent start id. */
export function searchWithoutArrival(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of ARRIVAL_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** What the browser keeps of a redeemed punch-out session besides the spec's keys. */
export interface StoredPunchoutSession {
  /** Sent as `x-partner-session` on every API call. */
  partnerToken: string;
  /** The session's own cart, used instead of the browser's shopping session while partner mode lasts. */
  shoppingSessionId: string;
  buyerSystem: string;
  operation: PartnerAuthentication['operation'];
  /** Epoch milliseconds: the server's 24-hour end of the session. */
  expiresAt: number;
}

/** The spec's partner session entry (`realPageSession`). */
export interface RealPageSessionEntry {
  sessionId: string;
  buyerCookie: string;
  returnUrl: string;
  isRealPage: boolean;
  timestamp: number;
}

/** Every entry a redeemed start page leaves in local storage, as [key, value] pairs. */
export function partnerSessionEntries(
  arrival: PartnerArrival,
  answer: PartnerAuthentication,
  now: number,
): [string, string][] {
  const session: RealPageSessionEntry = {
    sessionId: arrival.startId,
    buyerCookie: arrival.buyerCookie ?? answer.realPageSessionId,
    returnUrl: answer.returnUrl,
    isRealPage: arrival.isRealPage,
    timestamp: now,
  };
  const punchout: StoredPunchoutSession = {
    partnerToken: answer.partnerToken,
    shoppingSessionId: answer.shoppingSessionId,
    buyerSystem: answer.buyerSystem,
    operation: answer.operation,
    expiresAt: new Date(answer.expiresAt).getTime(),
  };
  const { email, firstName, lastName } = answer.clientData;
  return [
    [STORAGE_KEYS.clientId, answer.clientId],
    [STORAGE_KEYS.clientEmail, email],
    [STORAGE_KEYS.clientName, [firstName, lastName].filter(Boolean).join(' ')],
    [STORAGE_KEYS.accountType, PARTNER_ACCOUNT_TYPE],
    [STORAGE_KEYS.realPageSession, JSON.stringify(session)],
    [STORAGE_KEYS.realPageSessionId, answer.realPageSessionId],
    [STORAGE_KEYS.realPagePropertyAccount, answer.realPagePropertyAccount],
    [STORAGE_KEYS.realPageReturnUrl, answer.returnUrl],
    [STORAGE_KEYS.punchoutSession, JSON.stringify(punchout)],
  ];
}

function parsed<T>(text: string | null): Partial<T> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Partial<T>) : null;
  } catch {
    return null;
  }
}

/** The stored punch-out session while it lives; null when there is none, it is unreadable or its 24 hours are over. */
export function storedPunchoutSession(storage: StorageReader, now: number): StoredPunchoutSession | null {
  const session = parsed<StoredPunchoutSession>(storage.getItem(STORAGE_KEYS.punchoutSession));
  if (!session || typeof session.partnerToken !== 'string' || typeof session.shoppingSessionId !== 'string')
    return null;
  if (typeof session.expiresAt !== 'number' || !(session.expiresAt > now)) return null;
  return session as StoredPunchoutSession;
}

/** True when the stored session was opened from this start id: arriving again with it needs no second redemption. */
export function isStoredArrival(storage: StorageReader, arrival: PartnerArrival, now: number): boolean {
  const entry = parsed<RealPageSessionEntry>(storage.getItem(STORAGE_KEYS.realPageSession));
  return (
    entry?.sessionId === arrival.startId &&
    Boolean(storage.getItem(STORAGE_KEYS.clientId)) &&
    storedPunchoutSession(storage, now) !== null
  );
}

/**
 * A procurement-partner buyer: arriving from a start page, signed in with account type realpage,
 * or holding a live punch-out session. They see no measurement-scheduling entries.
 */
export function isPartnerBuyer(search: string, storage: StorageReader, now: number): boolean {
  return (
    partnerArrivalFrom(search) !== null ||
    storage.getItem(STORAGE_KEYS.accountType) === PARTNER_ACCOUNT_TYPE ||
    storedPunchoutSession(storage, now) !== null
  );
}

/** The partner submit's precondition: the stored client and every part of the session, else the old shop's message. */
export function partnerSubmitProblem(storage: StorageReader, now: number): string | null {
  const entry = parsed<RealPageSessionEntry>(storage.getItem(STORAGE_KEYS.realPageSession));
  const present = [
    storage.getItem(STORAGE_KEYS.clientId),
    storage.getItem(STORAGE_KEYS.clientEmail),
    storage.getItem(STORAGE_KEYS.realPagePropertyAccount),
    storage.getItem(STORAGE_KEYS.realPageReturnUrl),
    entry?.sessionId,
    entry?.buyerCookie,
  ].every(Boolean);
  return present && storedPunchoutSession(storage, now) !== null ? null : PARTNER_MESSAGES.sessionMissing;
}

/** A refused start page, with the server's reason or 'Failed to authenticate'. */
export function realPageAuthenticationError(error: string | undefined): string {
  return PARTNER_MESSAGES.authenticationError(error || 'Failed to authenticate');
}

/** The authentication call itself failed (no answer, or one that is not the contract's). */
export function authenticationError(message: string | undefined): string {
  return `Authentication Error: ${message || 'Unknown error'}`;
}

export function submitFailedMessage(reason: string): string {
  return `Failed to submit order: ${reason}. Please try again.`;
}

/** The checkout's heading: the spec's for RealPage, the buyer's own system for other cXML buyers. */
export function partnerCheckoutHeading(buyerSystem: string): string {
  return buyerSystem === 'RealPage' ? 'Submit Order to RealPage' : `Return cart to ${buyerSystem}`;
}

/** What the cart and the submit page say under a punch-out buyer's total (CartView.billing). */
export const PURCHASE_ORDER_BILLING =
  'Billed on your purchase order at these prices: no tax, shipping or installation is added.';
