/**
 * How often the actions that send mail or create an account may be attempted (security review
 * issue 8, finding 2): each is limited per recipient address and per client address, in fixed
 * windows. Pure: the caller counts attempts (functions/lib/rate-limit.ts keeps the counters in the
 * table) and passes the clock; docs/decisions/0011-rate-limits.md says why it is built this way.
 */

export interface RateLimit {
  /** Attempts allowed in one window. */
  limit: number;
  /** Length of a window in seconds; windows start at whole multiples of it since the epoch. */
  windowSeconds: number;
}

export interface ActionLimits {
  /** Per e-mail address the action mails (normalised by `recipientKey`). */
  perRecipient: RateLimit;
  /** Per client address the request comes from (grouped by `clientAddressKey`). */
  perClientAddress: RateLimit;
}

const HOUR = 3600;
const DAY = 24 * HOUR;

/** A contact message mails an acknowledgement to the address it gives, whoever typed it. */
export const CONTACT_MESSAGE_LIMITS: ActionLimits = {
  perRecipient: { limit: 3, windowSeconds: HOUR },
  perClientAddress: { limit: 10, windowSeconds: HOUR },
};

/** A registration creates a Cognito user, which mails a confirmation code to the address. */
export const REGISTRATION_LIMITS: ActionLimits = {
  perRecipient: { limit: 3, windowSeconds: HOUR },
  perClientAddress: { limit: 10, windowSeconds: HOUR },
};

/** A sample request mails staff and the shopper, and staff post real samples: counted per day. */
export const SAMPLE_REQUEST_LIMITS: ActionLimits = {
  perRecipient: { limit: 3, windowSeconds: DAY },
  perClientAddress: { limit: 10, windowSeconds: DAY },
};

/** A measurement booking mails the address it gives a confirmation, and takes a measurer's slot. */
export const APPOINTMENT_BOOKING_LIMITS: ActionLimits = {
  perRecipient: { limit: 3, windowSeconds: DAY },
  perClientAddress: { limit: 10, windowSeconds: DAY },
};

/** A job application mails the applicant an acknowledgement and staff the résumé: counted per day. */
export const JOB_APPLICATION_LIMITS: ActionLimits = {
  perRecipient: { limit: 3, windowSeconds: DAY },
  perClientAddress: { limit: 10, windowSeconds: DAY },
};

/**
 * A return or remake request mails staff and the order's address; it names an order by its number
 * and e-mail, so it is also counted per client address like order look-ups.
 */
export const RETURN_REQUEST_LIMITS: ActionLimits = {
  perRecipient: { limit: 5, windowSeconds: DAY },
  perClientAddress: { limit: 10, windowSeconds: HOUR },
};

/** A price match request mails staff and the signed-in customer's own address an acknowledgement. */
export const PRICE_MATCH_REQUEST_LIMITS: ActionLimits = {
  perRecipient: { limit: 5, windowSeconds: DAY },
  perClientAddress: { limit: 10, windowSeconds: DAY },
};

/** "E-mail this quote" mails an address the customer types: an owner or two, not a mailing list. */
export const QUOTE_EMAIL_LIMITS: ActionLimits = {
  perRecipient: { limit: 5, windowSeconds: DAY },
  perClientAddress: { limit: 10, windowSeconds: DAY },
};

export const RATE_LIMITS = {
  contactMessage: CONTACT_MESSAGE_LIMITS,
  registration: REGISTRATION_LIMITS,
  sampleRequest: SAMPLE_REQUEST_LIMITS,
  returnRequest: RETURN_REQUEST_LIMITS,
  appointmentBooking: APPOINTMENT_BOOKING_LIMITS,
  jobApplication: JOB_APPLICATION_LIMITS,
  priceMatchRequest: PRICE_MATCH_REQUEST_LIMITS,
  quoteEmail: QUOTE_EMAIL_LIMITS,
} as const satisfies Record<string, ActionLimits>;

export type RateLimitedAction = keyof typeof RATE_LIMITS;
export type RateLimitDimension = keyof ActionLimits;

/** A fixed window, in epoch seconds: from `start` (included) to `end` (excluded). */
export interface RateWindow {
  start: number;
  end: number;
}

export function windowAt(limit: RateLimit, now: Date): RateWindow {
  const seconds = Math.floor(now.getTime() / 1000);
  const start = seconds - (seconds % limit.windowSeconds);
  return { start, end: start + limit.windowSeconds };
}

/** Attempts counted in each dimension's current window, this attempt included. */
export type AttemptCounts = Record<RateLimitDimension, number>;

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * An attempt is allowed while every dimension's count, this attempt included, is within its
 * limit. A refused one may be retried when the last refusing window ends.
 */
export function decideAttempt(limits: ActionLimits, counts: AttemptCounts, now: Date): RateDecision {
  const refusing = (Object.keys(limits) as RateLimitDimension[]).filter(
    (dimension) => counts[dimension] > limits[dimension].limit,
  );
  if (refusing.length === 0) return { allowed: true };
  const nowSeconds = now.getTime() / 1000;
  const retryAfterSeconds = Math.max(
    ...refusing.map((dimension) => Math.ceil(windowAt(limits[dimension], now).end - nowSeconds)),
  );
  return { allowed: false, retryAfterSeconds: Math.max(1, retryAfterSeconds) };
}

/** The sentence a refused request answers with. */
export function tooManyRequestsMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait = minutes <= 90 ? `${minutes} minute${minutes === 1 ? '' : 's'}` : `${Math.ceil(minutes / 60)} hours`;
  return `Too many requests. Please try again in ${wait}.`;
}

/** One counter per mailbox, however the address was typed. */
export function recipientKey(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * One counter per IPv4 address, and per /64 network for IPv6: a single IPv6 subscriber is given a
 * whole /64, so counting single IPv6 addresses would let one sender use billions of them.
 */
export function clientAddressKey(address: string): string {
  const trimmed = address.trim().toLowerCase();
  const mappedIpv4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(trimmed);
  if (mappedIpv4) return mappedIpv4[1] as string;
  if (!trimmed.includes(':')) return trimmed;
  const [head = '', tail] = trimmed.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  // An embedded IPv4 address at the end (64:ff9b::192.0.2.1) stands for two groups.
  const written = headGroups.length + tailGroups.length + (trimmed.includes('.') ? 1 : 0);
  const missing = tail === undefined ? 0 : 8 - written;
  const groups = [...headGroups, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * Failed credential checks on the punch-out endpoints (a wrong or missing shared secret, an unknown
 * identity), counted per client address and per configuration, across the cXML endpoint and the
 * partner APIs: 10 in a 15-minute window, then 429 until the window ends (docs/decisions/0035).
 */
export const CREDENTIAL_FAILURE_LIMIT: RateLimit = { limit: 10, windowSeconds: 15 * 60 };

/** An address that passed a configuration's credential check is not locked out of it for this long after. */
export const KNOWN_ADDRESS_SECONDS = 30 * DAY;

/** The sentence a caller locked out by the guess limit is answered. */
export function tooManyFailedAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many failed attempts with these credentials. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
