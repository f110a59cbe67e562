/**
 * The Price Match Guarantee as a process (issue 27): a signed-in customer sends a competitor's price
 * for the configuration on their screen; the server prices it with the current grids, and staff
 * approve it (a single-use promotion code for the difference, valid 14 days) or decline it with a
 * reason. The terms, the rules and the lifecycle are here, pure and without zod, so the product
 * page states the terms without loading a schema (price-match-schema.ts validates). Why it works
 * this way: docs/decisions/0054-price-match.md.
 */
import { readableDate } from '../appointments/schedule';
import { addDays } from '../calendar/dates';
import { FAMILIES, FAMILY_IDS } from '../catalogue/families';
import type { Configuration } from '../pricing/configuration';
import { formatCents } from '../pricing/money';
import type { Promotion } from '../promotions/promotion';
import { readableCode } from '../readable-code';
import { defineStateMachine } from '../state-machine';
import { PRICE_MATCH_VALID_DAYS } from './terms';

export { PRICE_MATCH_TERMS, PRICE_MATCH_VALID_DAYS } from './terms';

export const PRICE_MATCH_CODE_PREFIX = 'PM-';
export const PRICE_MATCH_CODE_LENGTH = 6;
/** The promotion's name, as staff see it in the Promotions tab. */
export const PRICE_MATCH_PROMOTION_NAME = 'Price match';

export const COMPETITOR_NAME_MAX_LENGTH = 80;
export const COMPETITOR_URL_MAX_LENGTH = 500;
export const PRICE_MATCH_NOTE_MAX_LENGTH = 1000;
export const DECLINE_REASON_MAX_LENGTH = 500;
/** $10,000 a blind: more than any blind the shop sells costs. */
export const COMPETITOR_PRICE_MAX_DOLLARS = 10_000;

/** The series whose product pages state the guarantee (catalogue/families.ts), as the cart names them: 'Faux Wood Blinds: Standard'. */
export const GUARANTEED_PRODUCTS: readonly string[] = FAMILY_IDS.flatMap((family) =>
  FAMILIES[family].series
    .filter((series) => series.priceMatchGuarantee)
    .map((series) => `${FAMILIES[family].name}: ${series.label}`),
);

function offersPriceMatch(configuration: Pick<Configuration, 'family' | 'series'>): boolean {
  return FAMILIES[configuration.family].series.some(
    (series) => series.id === configuration.series && series.priceMatchGuarantee,
  );
}

export const PRICE_MATCH_MESSAGES = {
  notOffered: `The Price Match Guarantee covers ${GUARANTEED_PRODUCTS.join(', ')}.`,
  notBelow: (ourUnitCents: number) =>
    `Competitor's price must be below our price of ${formatCents(ourUnitCents)} a blind for us to match it.`,
  notFound: 'Price match request not found.',
  decided: (status: PriceMatchStatus) => `This price match request was already ${status}.`,
  changedMeanwhile: 'This price match request was decided meanwhile. Please reload it.',
} as const;

/* ---------- Lifecycle ---------- */

export const PRICE_MATCH_STATUSES = ['requested', 'approved', 'declined'] as const;
export type PriceMatchStatus = (typeof PRICE_MATCH_STATUSES)[number];

export const PRICE_MATCH_STATUS_LABELS: Record<PriceMatchStatus, string> = {
  requested: 'Waiting for review',
  approved: 'Approved',
  declined: 'Declined',
};

/** Staff decide a request once: approve (the code is made with it) or decline (with a reason). */
export const PRICE_MATCH_TRANSITIONS = {
  approve: { from: ['requested'], to: 'approved' },
  decline: { from: ['requested'], to: 'declined' },
} as const satisfies Record<string, { from: readonly PriceMatchStatus[]; to: PriceMatchStatus }>;
export type PriceMatchAction = keyof typeof PRICE_MATCH_TRANSITIONS;

/** Created requested, decided by staff (their user id), final once decided. */
export const PRICE_MATCH_LIFECYCLE = defineStateMachine<PriceMatchStatus, typeof PRICE_MATCH_TRANSITIONS, string>({
  subject: 'price match request',
  states: PRICE_MATCH_STATUSES,
  initial: ['requested'],
  terminal: ['approved', 'declined'],
  transitions: PRICE_MATCH_TRANSITIONS,
});

/** Why staff cannot take `action` on a request in `status` (the 409's sentence); null when they can. */
export function priceMatchDecisionRefusal(status: PriceMatchStatus, action: PriceMatchAction): string | null {
  return PRICE_MATCH_LIFECYCLE.can(status, action) ? null : PRICE_MATCH_MESSAGES.decided(status);
}

/* ---------- Records ---------- */

/** The code made for an approved request, as the customer was mailed it. */
export interface PriceMatchCode {
  promotionId: string;
  code: string;
  amountCents: number;
  /** Its last day, in the shop's calendar (YYYY-MM-DD). */
  endsOn: string;
}

export interface PriceMatchRecord {
  id: string;
  status: PriceMatchStatus;
  /** The customer's client id (the Cognito `sub`) and how they are reached. */
  clientId: string;
  customer: { name: string; email: string };
  /** The configuration as the cart takes it; its quantity is the number of blinds matched. */
  configuration: Configuration;
  /** 'Faux Wood Blinds: Standard' and the configuration spelled out, as the cart shows a line. */
  title: string;
  description: string[];
  /** Our price of one blind, by the grids current when the request was sent. */
  ourUnitCents: number;
  competitorName: string;
  competitorUnitCents: number;
  competitorUrl: string;
  note: string;
  createdAt: string;
  updatedAt: string;
  decidedAt: string | null;
  /** The staff member's user id. */
  decidedBy: string | null;
  declineReason: string | null;
  code: PriceMatchCode | null;
}

/** What the customer sees of their request in My Account. */
export type CustomerPriceMatch = Omit<PriceMatchRecord, 'clientId' | 'customer' | 'decidedBy'>;

export function customerPriceMatchOf({
  clientId: _clientId,
  customer: _customer,
  decidedBy: _decidedBy,
  ...view
}: PriceMatchRecord): CustomerPriceMatch {
  return view;
}

/* ---------- Rules ---------- */

/** A price in dollars as the form and the API take it (at most two decimals, checked by the schema), in cents. */
export function centsOfDollars(dollars: number): number {
  return Math.round(dollars * 100);
}

/**
 * Why a request for this configuration at this competitor's price cannot be taken, naming the field
 * at fault; null when it can. Only the series that state the guarantee are matched, and only a
 * price below ours.
 */
export function priceMatchRefusal(
  configuration: Pick<Configuration, 'family' | 'series'>,
  ourUnitCents: number,
  competitorUnitCents: number,
): { field: 'configuration' | 'competitorPrice'; message: string } | null {
  if (!offersPriceMatch(configuration)) return { field: 'configuration', message: PRICE_MATCH_MESSAGES.notOffered };
  if (competitorUnitCents >= ourUnitCents)
    return { field: 'competitorPrice', message: PRICE_MATCH_MESSAGES.notBelow(ourUnitCents) };
  return null;
}

/** The difference for every blind of the configuration: (our unit price − theirs) × quantity. */
export function priceMatchAmountCents(
  request: Pick<PriceMatchRecord, 'ourUnitCents' | 'competitorUnitCents' | 'configuration'>,
): number {
  return (request.ourUnitCents - request.competitorUnitCents) * request.configuration.quantity;
}

/** PM- and six readable characters (no 0/O, 1/I), for the customer to type at checkout. */
export function priceMatchCode(randomBytes: Uint8Array): string {
  return `${PRICE_MATCH_CODE_PREFIX}${readableCode(randomBytes, PRICE_MATCH_CODE_LENGTH)}`;
}

/**
 * The promotion an approval makes: the difference off blinds of the configuration's family, on an
 * order of at least as many blinds as were matched, once, by the customer who asked only, from
 * `today` (the shop's date) for PRICE_MATCH_VALID_DAYS days.
 */
export function priceMatchPromotion(
  request: Pick<PriceMatchRecord, 'ourUnitCents' | 'competitorUnitCents' | 'configuration' | 'clientId'>,
  { id, code, today, now }: { id: string; code: string; today: string; now: string },
): Promotion {
  return {
    id,
    code,
    name: PRICE_MATCH_PROMOTION_NAME,
    kind: 'amount',
    percent: null,
    amountCents: priceMatchAmountCents(request),
    minBlinds: request.configuration.quantity,
    minSubtotalCents: 0,
    families: [request.configuration.family],
    startsOn: today,
    endsOn: addDays(today, PRICE_MATCH_VALID_DAYS - 1),
    maxRedemptions: 1,
    perCustomerLimit: 1,
    onlyClientId: request.clientId,
    redeemedCount: 0,
    paidCount: 0,
    revenueCents: 0,
    endedAt: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** "$24.30 off an order of 3 or more Faux Wood Blinds until Thursday, December 10, 2026": what the code gives, as the mail and My Account say it. */
export function priceMatchCodeText(
  code: PriceMatchCode,
  configuration: Pick<Configuration, 'family' | 'quantity'>,
): string {
  const blinds =
    configuration.quantity > 1
      ? `an order of ${configuration.quantity} or more ${FAMILIES[configuration.family].name}`
      : `your order of ${FAMILIES[configuration.family].name}`;
  return `${formatCents(code.amountCents)} off ${blinds}, until ${readableDate(code.endsOn)}`;
}
