/**
 * Promotions (issue 27): a code customers enter, or an automatic sale shown as a banner, taking a
 * percent or a fixed amount off the blinds of the families it names. Dates are calendar days in
 * the shop's zone, both ends included. The rules of when one applies and what it saves are here,
 * pure; how a promotion combines with the volume tier and contract prices is pricing/discounts.ts.
 * No zod here: the cart applies an entered code with these rules (promotion-schema.ts validates).
 */
import { readableDate } from '../appointments/schedule';
import { FAMILIES, type FamilyId } from '../catalogue/families';
import { formatCents, mulDivRoundHalfUp } from '../pricing/money';

export const PROMOTION_KINDS = ['percent', 'amount'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

/** Codes are kept and compared in capitals: `spring10` and `SPRING10` are one code. */
export const PROMOTION_CODE_PATTERN = /^[A-Z0-9-]{3,20}$/;
export const PROMOTION_NAME_MAX_LENGTH = 40;
export const PROMOTION_MAX_PERCENT = 50;

/** What a customer may know of a promotion: enough to apply it in the cart as checkout will. */
export interface PromotionTerms {
  id: string;
  /** Null for an automatic sale. */
  code: string | null;
  /** 'Spring sale': the banner's and the discount row's name of a sale. */
  name: string;
  kind: PromotionKind;
  /** Percent off the blinds it applies to (kind percent), else null. */
  percent: number | null;
  /** Cents off the blinds it applies to, at most their cost (kind amount), else null. */
  amountCents: number | null;
  /** The order needs at least this many blinds (0: any). */
  minBlinds: number;
  /** The order's blinds, before discounts, must cost at least this (0: any). */
  minSubtotalCents: number;
  /** The families whose blinds it takes money off; empty: every family. */
  families: FamilyId[];
  /** First and last day it can be used, in the shop's zone (YYYY-MM-DD). */
  startsOn: string;
  endsOn: string;
}

/** A promotion as staff manage it: its terms, its limits and what it has done. */
export interface Promotion extends PromotionTerms {
  /** Orders it may discount in all (null: no limit). */
  maxRedemptions: number | null;
  /** Orders one customer may use it on (null: no limit). */
  perCustomerLimit: number | null;
  /** The one customer who may use it (a price match's code), or absent/null for everyone. */
  onlyClientId?: string | null;
  /** Orders holding it now: placed and not ended unpaid. */
  redeemedCount: number;
  /** Of those, orders paid, and what they were paid. */
  paidCount: number;
  revenueCents: number;
  /** Set when staff end it before its last day. */
  endedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export const PROMOTION_MESSAGES = {
  unknownCode: 'This promotion code is not valid. Please check it and try again.',
  notStarted: (startsOn: string) => `This promotion code can be used from ${readableDate(startsOn)}.`,
  expired: (endsOn: string) => `This promotion code expired on ${readableDate(endsOn)}.`,
  ended: 'This promotion has ended.',
  usedUp: 'This promotion code has been used the most times it can be.',
  usedByCustomer: 'You have already used this promotion code the most times it allows.',
  anotherCustomer: 'This promotion code was sent to another account. Please sign in with the account it was sent to.',
  minBlinds: (blinds: number) => `This promotion code needs at least ${blinds} blinds in the order.`,
  minSubtotal: (cents: number) => `This promotion code needs at least ${formatCents(cents)} of blinds in the order.`,
  notApplicable: (families: readonly FamilyId[]) =>
    `This promotion code applies only to ${families.map((family) => FAMILIES[family].name).join(', ')}.`,
  betterSale: (name: string) => `The ${name} saves you more than this code, so the sale applies.`,
  atFloor: 'Your order already has the largest discount we can give, so this code adds nothing.',
  contractPrices: 'Your account has contract prices, which take the place of promotion codes.',
  notFound: 'Promotion not found.',
  codeTaken: 'Another promotion already has this code.',
  endedAlready: 'This promotion has already ended.',
} as const;

export function normalizedCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Usable on this day (the shop's calendar date) unless staff ended it. */
export function promotionInEffect(promotion: PromotionTerms & { endedAt?: string | null }, today: string): boolean {
  return !promotion.endedAt && promotion.startsOn <= today && today <= promotion.endsOn;
}

/** What an order offers a promotion: its blinds, each line's family and cost at the buyer's prices. */
export interface PromotableOrder {
  blindCount: number;
  lines: ReadonlyArray<{ family: FamilyId; lineCents: number }>;
}

const blindsCentsOf = (order: PromotableOrder) => order.lines.reduce((sum, line) => sum + line.lineCents, 0);

/** The cost of the order's blinds the promotion takes money off. */
export function applicableCents(terms: PromotionTerms, order: PromotableOrder): number {
  return order.lines
    .filter((line) => terms.families.length === 0 || terms.families.includes(line.family))
    .reduce((sum, line) => sum + line.lineCents, 0);
}

/** Why the promotion cannot be used on this order today, as the sentence the customer reads; null when it can. */
export function promotionRefusal(
  promotion: PromotionTerms & { endedAt?: string | null },
  order: PromotableOrder,
  today: string,
): string | null {
  if (promotion.endedAt) return PROMOTION_MESSAGES.ended;
  if (today < promotion.startsOn) return PROMOTION_MESSAGES.notStarted(promotion.startsOn);
  if (today > promotion.endsOn) return PROMOTION_MESSAGES.expired(promotion.endsOn);
  if (order.blindCount < Math.max(promotion.minBlinds, 1))
    return PROMOTION_MESSAGES.minBlinds(Math.max(promotion.minBlinds, 1));
  if (blindsCentsOf(order) < promotion.minSubtotalCents)
    return PROMOTION_MESSAGES.minSubtotal(promotion.minSubtotalCents);
  if (applicableCents(promotion, order) === 0) return PROMOTION_MESSAGES.notApplicable(promotion.families);
  return null;
}

/**
 * What the promotion takes off `cents` of blinds it applies to: its percent, rounded once half up,
 * or its amount, never more than those blinds cost.
 */
export function promotionSavingCents(terms: PromotionTerms, cents: number): number {
  if (terms.kind === 'percent') return mulDivRoundHalfUp(cents, terms.percent ?? 0, 100);
  return Math.min(terms.amountCents ?? 0, cents);
}

/** "10% off" / "$25.00 off": how the shop states what a promotion takes. */
export function promotionOfferText(terms: PromotionTerms): string {
  return terms.kind === 'percent' ? `${terms.percent}% off` : `${formatCents(terms.amountCents ?? 0)} off`;
}

/** The discount row's label: 'Code SPRING10: 10% off', or the sale's name (at most 40 characters, as a Stripe coupon's name). */
export function promotionLabel(terms: PromotionTerms): string {
  return (terms.code ? `Code ${terms.code}: ${promotionOfferText(terms)}` : terms.name).slice(
    0,
    PROMOTION_NAME_MAX_LENGTH,
  );
}

/** The sale banner: 'Spring sale: 10% off Faux Wood Blinds until Wednesday, December 31, 2026'. */
export function saleBannerText(terms: PromotionTerms): string {
  const on =
    terms.families.length === 0 ? 'all blinds' : terms.families.map((family) => FAMILIES[family].name).join(', ');
  const needs = [
    terms.minBlinds > 1 ? `orders of ${terms.minBlinds} or more blinds` : null,
    terms.minSubtotalCents > 0 ? `orders of ${formatCents(terms.minSubtotalCents)} or more` : null,
  ].filter(Boolean);
  return `${terms.name}: ${promotionOfferText(terms)} ${on}${needs.length > 0 ? ` on ${needs.join(' and ')}` : ''} until ${readableDate(terms.endsOn)}`;
}

/**
 * Why this customer cannot use the promotion on this order today, counting its limits as they
 * stand (`customerUses`: orders this customer holds it on); null when they can. The order's own
 * transaction checks the limits again when it is placed.
 */
export function promotionUseRefusal(
  promotion: Promotion,
  order: PromotableOrder,
  today: string,
  customer: { clientId: string | null; uses: number },
): string | null {
  if (promotion.onlyClientId && promotion.onlyClientId !== customer.clientId) return PROMOTION_MESSAGES.anotherCustomer;
  const refusal = promotionRefusal(promotion, order, today);
  if (refusal) return refusal;
  if (promotion.maxRedemptions !== null && promotion.redeemedCount >= promotion.maxRedemptions)
    return PROMOTION_MESSAGES.usedUp;
  if (promotion.perCustomerLimit !== null && customer.uses >= promotion.perCustomerLimit)
    return PROMOTION_MESSAGES.usedByCustomer;
  return null;
}

/** The promotions an order is offered: the code given (its promotion, if one has it) and the sales in effect, each with the customer's uses of it. */
export interface PromotionOffers {
  code: { code: string; promotion: Promotion | undefined; customerUses: number } | null;
  sales: ReadonlyArray<{ promotion: Promotion; customerUses: number }>;
  /** The shop's date (YYYY-MM-DD). */
  today: string;
  /** The signed-in customer, or null for a guest. */
  clientId: string | null;
}

export const NO_PROMOTIONS: PromotionOffers = { code: null, sales: [], today: '', clientId: null };

/**
 * The promotions the order can use (for pricing/discounts.ts to choose from), and why the code given
 * cannot be, if it cannot. A buyer on contract prices can use none (pricing/discounts.ts, rule 1).
 */
export function usablePromotions(
  offers: PromotionOffers,
  order: PromotableOrder,
  contractPrices = false,
): { usable: Promotion[]; codeRefusal: string | null } {
  if (contractPrices) return { usable: [], codeRefusal: offers.code ? PROMOTION_MESSAGES.contractPrices : null };
  const usable = offers.sales
    .filter(
      ({ promotion, customerUses }) =>
        !promotionUseRefusal(promotion, order, offers.today, { clientId: offers.clientId, uses: customerUses }),
    )
    .map(({ promotion }) => promotion);
  if (!offers.code) return { usable, codeRefusal: null };
  const { promotion, customerUses } = offers.code;
  const codeRefusal = promotion
    ? promotionUseRefusal(promotion, order, offers.today, { clientId: offers.clientId, uses: customerUses })
    : PROMOTION_MESSAGES.unknownCode;
  return { usable: codeRefusal || !promotion ? usable : [...usable, promotion], codeRefusal };
}

/** What became of the code given, once the order's promotion was chosen: applied, outdone by a better sale, or refused. */
export function codeOutcome(
  offers: PromotionOffers,
  codeRefusal: string | null,
  chosen: PromotionTerms | null,
): { code: string; status: 'applied' | 'outdone' | 'refused'; message: string | null } | null {
  if (!offers.code) return null;
  const { code } = offers.code;
  if (codeRefusal) return { code, status: 'refused', message: codeRefusal };
  if (!chosen) return { code, status: 'refused', message: PROMOTION_MESSAGES.atFloor };
  if (chosen.id === offers.code.promotion?.id) return { code, status: 'applied', message: null };
  return { code, status: 'outdone', message: PROMOTION_MESSAGES.betterSale(chosen.name) };
}
