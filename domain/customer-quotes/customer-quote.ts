/**
 * Customer quotes (issue 28): a signed-in customer's priced blinds, kept with every figure checkout
 * computed for them (lines with their rooms, discounts, shipping, tax, total), valid for 30 days at
 * the grids of the day they were made. Accepting one places the order at those figures; staff may
 * issue a new version with their charges and discount, which replaces it. Blinds over 100" wide make
 * a quote awaiting staff's freight price. The records, the lifecycle on the one state machine, the
 * totals and the request bodies, shared by the handlers and the browser. Why it works this way:
 * docs/decisions/0059-customer-quotes.md.
 */
import * as z from 'zod';
import { readableDate, shopDateAt } from '../appointments/schedule';
import { estimatedTaxCents } from '../cart/totals';
import { checkoutAddressSchema, checkoutCustomerSchema, checkoutLineSchema } from '../checkout/checkout';
import { orderLineSchema } from '../orders/order';
import { configurationSchema } from '../pricing/configuration';
import { discountSchema } from '../pricing/discount-schema';
import { discountTotalCents, type Discount } from '../pricing/discounts';
import { readableCode } from '../readable-code';
import { defineStateMachine } from '../state-machine';
import { multiLineText, singleLineText } from '../text';
import { MAX_ORDER_LINES } from '../checkout/totals';
import { formatCents } from '../pricing/money';
import { WINDOW_PLACE_MAX_LENGTH } from '../properties/property';
import {
  chargeTotalCents,
  HIGH_LADDER_MINIMUM_CENTS,
  oldBlindRemovalCharge,
  QUOTE_CHARGE_KINDS,
  QUOTE_CHARGE_LABELS,
  type QuoteCharge,
} from './charges';

/** A quote holds its prices this long from the moment it is made. */
export const QUOTE_VALID_DAYS = 30;

/** Q- and six readable characters (no 0/O or 1/I), as order numbers are made. */
export const QUOTE_NUMBER_PATTERN = /^Q-[2-9A-HJ-NP-Z]{6}$/;
export const QUOTE_NUMBER_LENGTH = 6;

export function quoteNumber(randomBytes: Uint8Array): string {
  return `Q-${readableCode(randomBytes, QUOTE_NUMBER_LENGTH)}`;
}

/** "Q-ABC234", or "Q-ABC234 v2" from the second version on. */
export function quoteReference(quote: Pick<CustomerQuote, 'number' | 'version'>): string {
  return quote.version > 1 ? `${quote.number} v${quote.version}` : quote.number;
}

/** A quote id as a path may name one (random UUIDs); anything else names no quote and is never a table key. */
export const quoteIdSchema = z.uuid();

/* ---------- Lifecycle ---------- */

/**
 * `open` can be accepted while valid; `awaitingPricing` waits for staff to price its freight;
 * `accepted` became an order; `expired` ran past its 30 days (recorded when someone acts on it; a
 * quote past its date reads as expired before that); `replaced` by a newer version from staff.
 */
export const QUOTE_STATUSES = ['open', 'awaitingPricing', 'accepted', 'expired', 'replaced'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  open: 'Open',
  awaitingPricing: 'Awaiting freight price',
  accepted: 'Accepted',
  expired: 'Expired',
  replaced: 'Replaced',
};

export const QUOTE_TRANSITIONS = {
  accept: { from: ['open'], to: 'accepted' },
  expire: { from: ['open', 'awaitingPricing'], to: 'expired' },
  /** Staff issue a new version: of an open quote, one awaiting its freight price, or one that expired. */
  replace: { from: ['open', 'awaitingPricing', 'expired'], to: 'replaced' },
} as const satisfies Record<string, { from: readonly QuoteStatus[]; to: QuoteStatus }>;
export type QuoteTransition = keyof typeof QUOTE_TRANSITIONS;

/** Who moved a quote: the customer's or a staff member's user id. */
export const QUOTE_LIFECYCLE = defineStateMachine<QuoteStatus, typeof QUOTE_TRANSITIONS, string>({
  subject: 'quote',
  states: QUOTE_STATUSES,
  initial: ['open', 'awaitingPricing'],
  terminal: ['accepted', 'replaced'],
  transitions: QUOTE_TRANSITIONS,
});

/* ---------- Records ---------- */

const cents = z.number().int().nonnegative();
const isoTime = z.iso.datetime();

export const quoteChargeSchema = z.object({
  kind: z.enum(QUOTE_CHARGE_KINDS),
  label: z.string().max(80),
  cents: z.number().int().positive(),
}) satisfies z.ZodType<QuoteCharge>;

/** A quote's figures: an order's, with staff's charges, and shipping and total null while freight is unpriced. */
export const quoteTotalsSchema = z.object({
  blindCount: z.number().int().nonnegative(),
  subtotalCents: cents,
  discountCents: cents,
  discounts: z.array(discountSchema),
  taxCents: cents,
  /** Parcel shipping; 0 once a freight charge carries the blinds; null while the freight is unpriced. */
  shippingCents: cents.nullable(),
  installationCents: cents,
  charges: z.array(quoteChargeSchema),
  totalCents: cents.nullable(),
});
export type QuoteTotals = z.infer<typeof quoteTotalsSchema>;

export const quoteHistoryEntrySchema = z.object({
  from: z.enum(QUOTE_STATUSES).nullable(),
  to: z.enum(QUOTE_STATUSES),
  at: isoTime,
  by: z.string(),
  note: z.string().nullable(),
});
export type QuoteHistoryEntry = z.infer<typeof quoteHistoryEntrySchema>;

/** A line of a quote: the checkout's line as priced that day, with its place. */
export const quoteLineSchema = orderLineSchema.omit({ claimedQuantity: true });
export type QuoteLine = z.infer<typeof quoteLineSchema>;

export const customerQuoteSchema = z.object({
  id: z.string(),
  number: z.string().regex(QUOTE_NUMBER_PATTERN),
  /** 1 for the customer's quote, +1 for each version staff issue. */
  version: z.number().int().positive(),
  status: z.enum(QUOTE_STATUSES),
  clientId: z.string(),
  customer: checkoutCustomerSchema,
  shippingAddress: checkoutAddressSchema,
  installation: z.boolean(),
  notes: z.string(),
  lines: z.array(quoteLineSchema),
  totals: quoteTotalsSchema,
  /** Some blind is over 100" wide: it ships by freight, which staff price. */
  needsFreight: z.boolean(),
  createdAt: isoTime,
  validUntil: isoTime,
  /** Staff's note to the customer on a version they issued. */
  staffNote: z.string().nullable(),
  replacesId: z.string().nullable(),
  replacedBy: z.object({ id: z.string(), version: z.number().int().positive() }).nullable(),
  /** The order accepting it placed (its number noted once drawn). */
  order: z.object({ id: z.string(), orderNumber: z.string().nullable() }).nullable(),
  history: z.array(quoteHistoryEntrySchema),
});
export type CustomerQuote = z.infer<typeof customerQuoteSchema>;

/* ---------- Rules ---------- */

/** The last instant a quote made at `createdAt` holds its prices. */
export function quoteValidUntil(createdAt: string): string {
  return new Date(new Date(createdAt).getTime() + QUOTE_VALID_DAYS * 86_400_000).toISOString();
}

/** The status a reader sees now: an open quote (or one awaiting pricing) past its date is expired. */
export function quoteStatusAt(quote: Pick<CustomerQuote, 'status' | 'validUntil'>, now: Date): QuoteStatus {
  const pastDate = now.getTime() > new Date(quote.validUntil).getTime();
  return pastDate && QUOTE_LIFECYCLE.can(quote.status, 'expire') ? 'expired' : quote.status;
}

/** "March 5, 2026" of the shop's calendar: the day a quote's validity ends. */
export function validUntilDay(quote: Pick<CustomerQuote, 'validUntil'>): string {
  return readableDate(shopDateAt(new Date(quote.validUntil)));
}

/**
 * The quote's figures: subtotal less every discount (checkout's, then staff's), 8% tax on that
 * (as checkout taxes the blinds; shipping, installation and staff's charges are not taxed),
 * shipping, installation, charges, and the total; shipping and total null while freight is owed
 * and not priced. Throws when the discounts pass the subtotal (staff's discount is checked first).
 */
export function quoteTotals(input: {
  blindCount: number;
  subtotalCents: number;
  discounts: readonly Discount[];
  /** Parcel shipping as checkout priced it; null: the blinds go by freight. */
  parcelShippingCents: number | null;
  installationCents: number;
  charges: readonly QuoteCharge[];
}): QuoteTotals {
  const discountCents = discountTotalCents([...input.discounts]);
  if (discountCents > input.subtotalCents) throw new Error('The discounts pass the subtotal');
  const taxCents = estimatedTaxCents(input.subtotalCents - discountCents);
  const freightPriced = input.charges.some((charge) => charge.kind === 'freight');
  const shippingCents = input.parcelShippingCents ?? (freightPriced ? 0 : null);
  const totalCents =
    shippingCents === null
      ? null
      : input.subtotalCents -
        discountCents +
        taxCents +
        shippingCents +
        input.installationCents +
        chargeTotalCents(input.charges);
  return {
    blindCount: input.blindCount,
    subtotalCents: input.subtotalCents,
    discountCents,
    discounts: [...input.discounts],
    taxCents,
    shippingCents,
    installationCents: input.installationCents,
    charges: [...input.charges],
    totalCents,
  };
}

export const QUOTE_MESSAGES = {
  notFound: 'Quote not found.',
  linkInvalid: 'This quote link is not valid. Please ask for a new link.',
  expired: (quote: Pick<CustomerQuote, 'number' | 'version' | 'validUntil'>) =>
    `Quote ${quoteReference(quote)} expired on ${validUntilDay(quote)}: its prices no longer hold. Make a new quote at today's prices.`,
  awaitingPricing:
    'This quote is waiting for our freight price. We will e-mail you the priced quote; you can accept that one.',
  replaced: (next: { reference: string }) =>
    `This quote was replaced by ${next.reference}. Please open the new version.`,
  alreadyAccepted: (orderNumber: string) => `This quote was already accepted as order ${orderNumber}.`,
  emptyCart: 'Your cart is empty. Add blinds before saving a quote.',
  newQuoteAtTodaysPrices: "New quote at today's prices",
  freightRequired: 'Please enter the freight price: some blinds are over 100" wide.',
  freightNotNeeded: 'No blind of this quote ships by freight.',
  discountTooLarge: 'The discount cannot be more than the blinds cost after their other discounts.',
  notReplaceable: (status: QuoteStatus) =>
    `A quote that is ${QUOTE_STATUS_LABELS[status].toLowerCase()} cannot get a new version.`,
  changedMeanwhile: 'This quote changed while you were working on it. Please reload it and try again.',
  emailed: (email: string) => `We sent the quote to ${email}.`,
} as const;

/* ---------- Requests ---------- */

/** A line of a quote asked for by its lines (a property selection), as the cart takes one. */
export const quoteLineRequestSchema = z.object({
  configuration: configurationSchema,
  // As long as a property window's place (building, unit, room and label) can be.
  roomLabel: singleLineText('Room')
    .max(WINDOW_PLACE_MAX_LENGTH, `Please shorten the room name to ${WINDOW_PLACE_MAX_LENGTH} characters.`)
    .nullable()
    .default(null),
});

/**
 * POST /api/customer-quotes: for whom and where the blinds go (the checkout form's fields), and
 * either the lines (a property selection) or, without them, the caller's cart. Prices come from
 * the server only.
 */
export const createQuoteRequestSchema = z.object({
  customer: z.preprocess((value) => value ?? {}, checkoutCustomerSchema),
  shippingAddress: z.preprocess((value) => value ?? {}, checkoutAddressSchema),
  installation: z.boolean().default(false),
  notes: multiLineText('Notes').max(1000, 'Please shorten your notes to 1,000 characters.').optional().default(''),
  lines: z
    .array(quoteLineRequestSchema)
    .min(1, 'A quote needs at least one blind.')
    .max(MAX_ORDER_LINES, `A quote can hold at most ${MAX_ORDER_LINES} different blinds.`)
    .optional(),
});
export type CreateQuoteRequest = z.input<typeof createQuoteRequestSchema>;
export type CreateQuoteInput = z.output<typeof createQuoteRequestSchema>;

/** POST /api/customer-quotes/{quoteId}/email: where to send the quote's link. */
export const emailQuoteRequestSchema = z.object({
  email: z
    .string({ error: 'Please enter a valid email address.' })
    .trim()
    .toLowerCase()
    .pipe(z.email('Please enter a valid email address.')),
  message: multiLineText('Message')
    .max(1000, 'Please shorten your message to 1,000 characters.')
    .optional()
    .default(''),
});
export type EmailQuoteRequest = z.input<typeof emailQuoteRequestSchema>;

const centsField = (label: string) =>
  z
    .number({ error: `${label} must be a whole number of cents.` })
    .int(`${label} must be a whole number of cents.`)
    .nonnegative(`${label} cannot be negative.`)
    .max(100_000_000, `${label} is too large.`);

/**
 * POST /api/admin/customer-quotes/{quoteId}/versions: staff's changes, in cents. Freight is required
 * when a blind is over 100" wide; old blinds removed are counted at $5 each; high-ladder work is at
 * least $300 when charged (0 or absent: none); a discount of their own with its label.
 */
export const quoteVersionRequestSchema = z.object({
  freightCents: centsField('Freight').optional(),
  oldBlindsRemoved: z
    .number({ error: 'Old blinds removed must be a whole number.' })
    .int('Old blinds removed must be a whole number.')
    .min(0, 'Old blinds removed cannot be negative.')
    .max(10_000, 'Old blinds removed is too large.')
    .default(0),
  highLadderCents: centsField('High-ladder work')
    .refine((value) => value === 0 || value >= HIGH_LADDER_MINIMUM_CENTS, {
      error: `High-ladder work is at least ${formatCents(HIGH_LADDER_MINIMUM_CENTS)}.`,
    })
    .default(0),
  discountCents: centsField('Discount').default(0),
  discountLabel: singleLineText('Discount label')
    .max(40, 'Please shorten the discount label to 40 characters.')
    .optional()
    .transform((label) => label || 'Staff discount'),
  note: multiLineText('Note').max(1000, 'Please shorten the note to 1,000 characters.').optional().default(''),
});
export type QuoteVersionRequest = z.input<typeof quoteVersionRequestSchema>;
export type QuoteVersionInput = z.output<typeof quoteVersionRequestSchema>;

/**
 * Staff's version of a quote: the same lines at the same prices, its checkout discounts, staff's
 * charges and discount, a new 30 days. Answers a refusal's field and sentence instead when the
 * changes do not fit the quote.
 */
export function versionTotals(
  quote: Pick<CustomerQuote, 'needsFreight' | 'totals'>,
  changes: QuoteVersionInput,
): { ok: true; totals: QuoteTotals } | { ok: false; field: string; message: string } {
  if (quote.needsFreight && !changes.freightCents)
    return { ok: false, field: 'freightCents', message: QUOTE_MESSAGES.freightRequired };
  if (!quote.needsFreight && changes.freightCents)
    return { ok: false, field: 'freightCents', message: QUOTE_MESSAGES.freightNotNeeded };
  const checkoutDiscounts = quote.totals.discounts.filter((discount) => discount.kind !== 'quote');
  const staffDiscount: Discount[] =
    changes.discountCents > 0 ? [{ kind: 'quote', label: changes.discountLabel, cents: changes.discountCents }] : [];
  if (discountTotalCents([...checkoutDiscounts, ...staffDiscount]) > quote.totals.subtotalCents)
    return { ok: false, field: 'discountCents', message: QUOTE_MESSAGES.discountTooLarge };
  const charges: QuoteCharge[] = [
    ...(changes.freightCents
      ? [{ kind: 'freight' as const, label: QUOTE_CHARGE_LABELS.freight, cents: changes.freightCents }]
      : []),
    ...(changes.oldBlindsRemoved > 0 ? [oldBlindRemovalCharge(changes.oldBlindsRemoved)] : []),
    ...(changes.highLadderCents > 0
      ? [{ kind: 'highLadder' as const, label: QUOTE_CHARGE_LABELS.highLadder, cents: changes.highLadderCents }]
      : []),
  ];
  return {
    ok: true,
    totals: quoteTotals({
      blindCount: quote.totals.blindCount,
      subtotalCents: quote.totals.subtotalCents,
      discounts: [...checkoutDiscounts, ...staffDiscount],
      parcelShippingCents: quote.needsFreight ? null : quote.totals.shippingCents,
      installationCents: quote.totals.installationCents,
      charges,
    }),
  };
}

/* ---------- Views ---------- */

/** What the customer sees of their quote, with its status as of now and how to share it. */
export const customerQuoteViewSchema = customerQuoteSchema.omit({ clientId: true, history: true }).extend({
  statusLabel: z.string(),
  /** The read-only page anyone with the link may open (signed). */
  shareUrl: z.url(),
  /** The newer version's reference, when replaced. */
  replacedByReference: z.string().nullable(),
});
export type CustomerQuoteView = z.infer<typeof customerQuoteViewSchema>;

/** What the share link shows an owner: the quote without the customer's contact details or the order. */
export const sharedQuoteViewSchema = customerQuoteViewSchema
  .omit({ customer: true, order: true, replacedBy: true })
  .extend({
    customerName: z.string(),
    /** The newer version's share page, when replaced. */
    replacedByShareUrl: z.url().nullable(),
  });
export type SharedQuoteView = z.infer<typeof sharedQuoteViewSchema>;

export const quoteSummarySchema = z.object({
  id: z.string(),
  number: z.string(),
  version: z.number().int().positive(),
  reference: z.string(),
  status: z.enum(QUOTE_STATUSES),
  statusLabel: z.string(),
  createdAt: isoTime,
  validUntil: isoTime,
  totalCents: cents.nullable(),
  blindCount: z.number().int().nonnegative(),
});
export type QuoteSummary = z.infer<typeof quoteSummarySchema>;

export const myQuotesResponseSchema = z.object({ quotes: z.array(quoteSummarySchema) });

export const adminQuoteSummarySchema = quoteSummarySchema.extend({
  customerName: z.string(),
  customerEmail: z.string(),
});
export type AdminQuoteSummary = z.infer<typeof adminQuoteSummarySchema>;

export const adminQuotesPageSchema = z.object({
  quotes: z.array(adminQuoteSummarySchema),
  nextCursor: z.string().nullable(),
});

export const adminQuoteDetailSchema = customerQuoteViewSchema.extend({ history: z.array(quoteHistoryEntrySchema) });
export type AdminQuoteDetail = z.infer<typeof adminQuoteDetailSchema>;

/** 201 of accepting: the order placed and where to pay it (the checkout's own answer). */
export const acceptQuoteResponseSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  checkoutUrl: z.url(),
});

export function quoteSummaryOf(quote: Omit<CustomerQuote, 'lines'>, now: Date): QuoteSummary {
  const status = quoteStatusAt(quote, now);
  return {
    id: quote.id,
    number: quote.number,
    version: quote.version,
    reference: quoteReference(quote),
    status,
    statusLabel: QUOTE_STATUS_LABELS[status],
    createdAt: quote.createdAt,
    validUntil: quote.validUntil,
    totalCents: quote.totals.totalCents,
    blindCount: quote.totals.blindCount,
  };
}

export function customerQuoteViewOf(quote: CustomerQuote, now: Date, shareUrl: string): CustomerQuoteView {
  const { clientId: _clientId, history: _history, ...view } = quote;
  const status = quoteStatusAt(quote, now);
  return {
    ...view,
    status,
    statusLabel: QUOTE_STATUS_LABELS[status],
    shareUrl,
    replacedByReference: quote.replacedBy
      ? quoteReference({ number: quote.number, version: quote.replacedBy.version })
      : null,
  };
}

export function sharedQuoteViewOf(
  quote: CustomerQuote,
  now: Date,
  shareUrl: string,
  replacedByShareUrl: string | null,
): SharedQuoteView {
  const { customer, order: _order, replacedBy: _replacedBy, ...view } = customerQuoteViewOf(quote, now, shareUrl);
  return { ...view, customerName: customer.name, replacedByShareUrl };
}

/** The site path of a quote's share page; the token is its signed id. */
export function sharedQuotePath(token: string): string {
  return `/quotes/shared/${token}`;
}

/** A new customer quote's first history entry. */
export function createdEntry(
  status: QuoteStatus,
  at: string,
  by: string,
  note: string | null = null,
): QuoteHistoryEntry {
  return { from: null, to: status, at, by, note };
}

/** Lines of the checkout, placed in order, as the quote keeps them. */
export function quoteLinesOf(lines: ReadonlyArray<z.infer<typeof checkoutLineSchema>>): QuoteLine[] {
  return lines.map((line, index) => ({ ...line, position: index + 1 }));
}
