/**
 * Returns and Fit Assurance remakes (issue 12): the request a customer sends from the Returns page,
 * the terms the server holds it to, the lifecycle staff run it through, and the texts. Pure; the
 * handlers in functions/returns apply it. Why the terms read as they do:
 * docs/decisions/0022-returns-terms-lifecycle-photos.md.
 */
import * as z from 'zod';
import { colorName, formatSize } from '../cart/line';
import { ORDER_NUMBER_PATTERN, type Order, type OrderLine } from '../orders/order';
import { readableCode } from '../readable-code';
import { defineStateMachine } from '../state-machine';
import { REMAKE_MAX_BLINDS, RETURN_WINDOW_DAYS } from './terms';
import { REFUND_TIME } from '../claims';
import { multiLineText } from '../text';
import { refundPartsOf } from './refund-parts';

export const RETURN_KINDS = ['return', 'remake'] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];

/**
 * The reasons the form offers, each with the kind the Returns page grants it: a return for a blind
 * that arrived damaged, defective or not as ordered; a Fit Assurance remake for a blind that does not
 * fit. A change of mind or of colour is excluded (a custom product made as ordered is not
 * returnable, the product facts' "Products are not returnable"): `kind` null, refused with the reason.
 */
export const RETURN_REASONS = {
  damaged: { label: 'Arrived damaged', kind: 'return' },
  defective: { label: 'Defective or not working', kind: 'return' },
  notAsOrdered: { label: 'Different from what I ordered', kind: 'return' },
  tooWide: { label: 'Too wide for the window', kind: 'remake' },
  tooNarrow: { label: 'Too narrow for the window', kind: 'remake' },
  tooLong: { label: 'Too long for the window', kind: 'remake' },
  tooShort: { label: 'Too short for the window', kind: 'remake' },
  changedMind: { label: 'I changed my mind', kind: null },
  differentColor: { label: 'I would like a different color', kind: null },
} as const satisfies Record<string, { label: string; kind: ReturnKind | null }>;
export type ReturnReason = keyof typeof RETURN_REASONS;
export const RETURN_REASON_IDS = Object.keys(RETURN_REASONS) as [ReturnReason, ...ReturnReason[]];

/** Photos: what a phone or camera makes. HEIC is the iPhone's default. */
export const RETURN_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic'] as const;
export type ReturnPhotoType = (typeof RETURN_PHOTO_TYPES)[number];
/** 10 MB (10,485,760 bytes): a full-resolution phone photo fits, a video does not. */
export const RETURN_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const RETURN_PHOTOS_MAX = 6;
/** How long the browser has to send a photo with the upload form it was given. */
export const RETURN_UPLOAD_SECONDS = 10 * 60;
/** Where the photos of saved requests are kept. */
export const RETURN_PHOTO_PREFIX = 'returns/photos/';
/**
 * Where a photo lands until a request that names it is checked and saved (then it is copied to
 * RETURN_PHOTO_PREFIX); what no request claims expires there by the bucket's lifecycle rule.
 */
export const RETURN_PHOTO_UPLOAD_PREFIX = 'returns/pending/';

/** Photo upload forms handed to one client address in an hour: a request needs at most six. */
export const RETURN_UPLOADS_PER_ADDRESS = { limit: 60, windowSeconds: 3600 } as const;
export const RETURN_MESSAGES = {
  notDelivered: 'This order has not been delivered yet. Returns and remakes can be requested once it arrives.',
  windowPassed: `Returns and Fit Assurance remakes can be requested within ${RETURN_WINDOW_DAYS} days of delivery, and this order was delivered more than ${RETURN_WINDOW_DAYS} days ago.`,
  remakeUsed: 'This order has already had its Fit Assurance remake. Fit Assurance allows one remake per order.',
  remakeTooMany: `Fit Assurance remakes up to ${REMAKE_MAX_BLINDS} blinds per order. Please choose at most ${REMAKE_MAX_BLINDS}.`,
  excludedReason:
    'Our blinds are made to your measurements and options, so they cannot be returned for a change of mind or a different color.',
  fitIsRemake:
    'A blind that does not fit the window is covered by Fit Assurance: please request a remake instead of a return.',
  remakeIsForFit:
    'Fit Assurance remakes blinds that do not fit the window. For a damaged, defective or wrong blind, please request a return.',
  unknownLine: 'Please choose items from this order.',
  tooManyOfLine: 'You cannot return more of an item than you ordered.',
  chooseLine: 'Please choose at least one item.',
  chooseReason: 'Please choose a reason from the list.',
  chooseKind: 'Please choose a return or a Fit Assurance remake.',
  photoType: 'Photos must be JPEG, PNG, WebP or HEIC images.',
  photoSize: 'Each photo must be smaller than 10 MB.',
  photoCount: `Please attach at most ${RETURN_PHOTOS_MAX} photos.`,
  photoMissing: 'A photo did not finish uploading. Please add it again.',
  photoNotImage: 'This file is not an image. Please attach JPEG, PNG, WebP or HEIC photos.',
  notFound: 'Return request not found.',
  changedMeanwhile: 'This request changed while you were working on it. Please reload it and try again.',
  refundFailed: 'The refund could not be made at the payment provider. Please try Refund again.',
  refundExceedsPayment:
    'This refund would take the order’s refunds past what its payment took, so nothing was refunded. Please check the order’s refunds.',
  submitted: 'Your request has been sent. We will e-mail you within 1-2 business days.',
} as const;

/** A photo the browser asks to upload (POST /api/returns/uploads). */
export const returnUploadRequestSchema = z.object({
  contentType: z.enum(RETURN_PHOTO_TYPES, { error: RETURN_MESSAGES.photoType }),
  size: z
    .number({ error: RETURN_MESSAGES.photoSize })
    .int(RETURN_MESSAGES.photoSize)
    .positive(RETURN_MESSAGES.photoSize)
    .max(RETURN_PHOTO_MAX_BYTES, RETURN_MESSAGES.photoSize),
});
export type ReturnUploadRequest = z.infer<typeof returnUploadRequestSchema>;

/** 200 of POST /api/returns/uploads: a presigned POST (url and form fields, the file last) and the id the request names it by. */
export const returnUploadSchema = z.object({
  photoId: z.uuid(),
  url: z.url(),
  fields: z.record(z.string(), z.string()),
  expiresAt: z.iso.datetime(),
});
export type ReturnUpload = z.infer<typeof returnUploadSchema>;

/** POST /api/returns. */
export const returnRequestSchema = z.object({
  orderNumber: z
    .string({ error: 'Please enter your order number.' })
    .trim()
    .toUpperCase()
    .regex(ORDER_NUMBER_PATTERN, 'Please enter your order number (HBB-…).'),
  email: z
    .string({ error: 'Please enter the e-mail address of the order.' })
    .trim()
    .toLowerCase()
    .max(254)
    .pipe(z.email({ error: 'Please enter the e-mail address of the order.' })),
  kind: z.enum(RETURN_KINDS, { error: RETURN_MESSAGES.chooseKind }),
  reason: z.enum(RETURN_REASON_IDS, { error: RETURN_MESSAGES.chooseReason }),
  lines: z
    .array(
      z.object({
        position: z.number().int().positive(),
        quantity: z.number({ error: RETURN_MESSAGES.tooManyOfLine }).int().positive(),
      }),
      { error: RETURN_MESSAGES.chooseLine },
    )
    .min(1, RETURN_MESSAGES.chooseLine)
    .max(100),
  note: multiLineText('Note').max(2000, 'Please shorten the note to 2,000 characters.').optional().default(''),
  photoIds: z
    .array(z.uuid(RETURN_MESSAGES.photoMissing))
    .max(RETURN_PHOTOS_MAX, RETURN_MESSAGES.photoCount)
    .optional()
    .default([]),
});
export type ReturnRequestInput = z.input<typeof returnRequestSchema>;
export type ReturnRequestBody = z.output<typeof returnRequestSchema>;

/* ---------- Terms ---------- */

export type TermsDecision = { ok: true } | { ok: false; reason: string; field?: string };

const DAY_MS = 24 * 3600 * 1000;

/** The blind as its order line describes it: product, colour, size and room, e.g. `Faux Wood Blinds: Standard, White (E02), 35" W x 60" H, Kitchen`. */
export function blindNameOf(line: Pick<OrderLine, 'title' | 'configuration' | 'roomLabel'>): string {
  const size = `${formatSize(line.configuration.width)} W x ${formatSize(line.configuration.length)} H`;
  return [line.title, colorName(line.configuration), size, ...(line.roomLabel ? [line.roomLabel] : [])].join(', ');
}

/** The line's blinds that no return or remake request holds yet. */
export function unclaimedQuantityOf(line: Pick<OrderLine, 'quantity' | 'claimedQuantity'>): number {
  return line.quantity - (line.claimedQuantity ?? 0);
}

/** Why more of a line's blinds than are left were asked for: the blind named, and how many are left. */
export function alreadyClaimedMessage(
  line: Pick<OrderLine, 'title' | 'configuration' | 'roomLabel' | 'quantity' | 'claimedQuantity'>,
): string {
  const blind = `“${blindNameOf(line)}”`;
  const left = unclaimedQuantityOf(line);
  if (line.quantity === 1) return `The blind ${blind} is already in a return or remake request.`;
  if (left <= 0) return `All ${line.quantity} blinds ${blind} are already in return or remake requests.`;
  return `Only ${left} of the ${line.quantity} blinds ${blind} can still be returned or remade: the others are already in return or remake requests.`;
}

/**
 * The Returns page's terms over the order: delivered, within 30 days of delivery (both kinds: Fit
 * Assurance asks for the correct size within 30 days too), lines of the order in quantities it
 * has and no other request holds (a blind is in at most one return or remake request), a reason
 * the kind grants, and for a remake at most 10 blinds and none made before.
 */
export function decideTerms(
  order: Pick<Order, 'status' | 'deliveredAt' | 'lines'>,
  request: Pick<ReturnRequestBody, 'kind' | 'reason' | 'lines'>,
  context: { now: Date; remakeTaken: boolean },
): TermsDecision {
  const reasonKind = RETURN_REASONS[request.reason].kind;
  if (reasonKind === null) return { ok: false, reason: RETURN_MESSAGES.excludedReason, field: 'reason' };
  if (reasonKind !== request.kind) {
    return {
      ok: false,
      reason: request.kind === 'return' ? RETURN_MESSAGES.fitIsRemake : RETURN_MESSAGES.remakeIsForFit,
      field: 'reason',
    };
  }
  // An installed order was delivered first: its return window runs from delivery too.
  if ((order.status !== 'delivered' && order.status !== 'installed') || !order.deliveredAt)
    return { ok: false, reason: RETURN_MESSAGES.notDelivered };
  if (context.now.getTime() - Date.parse(order.deliveredAt) > RETURN_WINDOW_DAYS * DAY_MS)
    return { ok: false, reason: RETURN_MESSAGES.windowPassed };
  const positions = new Set<number>();
  for (const [index, wanted] of request.lines.entries()) {
    const line = order.lines.find((candidate) => candidate.position === wanted.position);
    if (!line || positions.has(wanted.position))
      return { ok: false, reason: RETURN_MESSAGES.unknownLine, field: `lines.${index}.position` };
    if (wanted.quantity > line.quantity)
      return { ok: false, reason: RETURN_MESSAGES.tooManyOfLine, field: `lines.${index}.quantity` };
    if (wanted.quantity > unclaimedQuantityOf(line)) return { ok: false, reason: alreadyClaimedMessage(line) };
    positions.add(wanted.position);
  }
  if (request.kind === 'remake') {
    if (context.remakeTaken) return { ok: false, reason: RETURN_MESSAGES.remakeUsed };
    if (blindCountOf(request.lines) > REMAKE_MAX_BLINDS)
      return { ok: false, reason: RETURN_MESSAGES.remakeTooMany, field: 'lines' };
  }
  return { ok: true };
}

export function blindCountOf(lines: ReadonlyArray<{ quantity: number }>): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/* ---------- Lifecycle ---------- */

export const RETURN_STATUSES = ['requested', 'approved', 'declined', 'received', 'refunded', 'remade'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Requested',
  approved: 'Approved',
  declined: 'Declined',
  received: 'Received',
  refunded: 'Refunded',
  remade: 'Remade',
};

/**
 * The lifecycle, declared once: requested → approved or declined → (approved) received → refunded
 * (a return) or remade (a remake). `refund` refunds through the payment provider before it is
 * recorded. Anything else is refused with 409 and a reason.
 */
export const RETURN_TRANSITIONS = {
  approve: { from: ['requested'], to: 'approved', kinds: ['return', 'remake'] },
  decline: { from: ['requested'], to: 'declined', kinds: ['return', 'remake'] },
  receive: { from: ['approved'], to: 'received', kinds: ['return', 'remake'] },
  refund: { from: ['received'], to: 'refunded', kinds: ['return'] },
  remake: { from: ['received'], to: 'remade', kinds: ['remake'] },
} as const satisfies Record<string, { from: readonly ReturnStatus[]; to: ReturnStatus; kinds: readonly ReturnKind[] }>;
export type ReturnAction = keyof typeof RETURN_TRANSITIONS;
export const RETURN_ACTIONS = Object.keys(RETURN_TRANSITIONS) as [ReturnAction, ...ReturnAction[]];

/**
 * What entering a status asks of the handler besides recording it: `refund`, the return's amount at
 * the payment provider first; `giveBack`, the request's blinds to the order's lines, so they may be
 * asked for again.
 */
export type ReturnEntryEffect = 'refund' | 'giveBack';

/** The request's lifecycle: created requested, moved by staff (their user id), final once declined, refunded or remade. */
export const RETURN_LIFECYCLE = defineStateMachine<
  ReturnStatus,
  typeof RETURN_TRANSITIONS,
  string,
  object,
  ReturnEntryEffect
>({
  subject: 'return request',
  states: RETURN_STATUSES,
  initial: ['requested'],
  terminal: ['declined', 'refunded', 'remade'],
  transitions: RETURN_TRANSITIONS,
  onEnter: { declined: () => ({ effect: 'giveBack' }), refunded: () => ({ effect: 'refund' }) },
});

export const RETURN_ACTION_LABELS: Record<ReturnAction, string> = {
  approve: 'Approve',
  decline: 'Decline',
  receive: 'Mark received',
  refund: 'Refund',
  remake: 'Mark remade',
};

export type ReturnTransitionDecision =
  { ok: true; from: ReturnStatus; to: ReturnStatus } | { ok: false; reason: string };

export function decideReturnTransition(
  request: { status: ReturnStatus; kind: ReturnKind },
  action: ReturnAction,
): ReturnTransitionDecision {
  const transition = RETURN_TRANSITIONS[action];
  if (!(transition.kinds as readonly ReturnKind[]).includes(request.kind)) {
    return {
      ok: false,
      reason: `A ${request.kind === 'remake' ? 'Fit Assurance remake' : 'return'} cannot be ${RETURN_STATUS_LABELS[transition.to].toLowerCase()}.`,
    };
  }
  if (!RETURN_LIFECYCLE.can(request.status, action)) {
    return {
      ok: false,
      reason: `This request is ${request.status}: it can be ${RETURN_STATUS_LABELS[transition.to].toLowerCase()} only when it is ${transition.from.join(' or ')}.`,
    };
  }
  return { ok: true, from: request.status, to: transition.to };
}

/** What the customer is told at each step (the mail of each transition). */
export const RETURN_STATUS_MAIL: Record<Exclude<ReturnStatus, 'requested'>, string> = {
  approved:
    'We approved your request. Please pack the blinds in their original packaging and ship them back, or wait for our DFW crew to collect them.',
  declined: 'We are sorry: we cannot accept this request under our returns terms.',
  received: 'We received the blinds you sent back and are inspecting them.',
  refunded: `Your refund has been issued to your original payment method. It appears within ${REFUND_TIME}.`,
  remade: 'Your blinds have been remade to your corrected measurements and are on their way.',
};

/* ---------- Records ---------- */

export const RETURN_NUMBER_LENGTH = 6;

/** RMA- and six readable characters, for the customer and staff to name a request by. */
export function returnNumber(randomBytes: Uint8Array): string {
  return `RMA-${readableCode(randomBytes, RETURN_NUMBER_LENGTH)}`;
}

export const returnLineSchema = z.object({
  position: z.number().int().positive(),
  title: z.string(),
  description: z.array(z.string()),
  quantity: z.number().int().positive(),
  unitCents: z.number().int().nonnegative(),
});
export type ReturnLine = z.infer<typeof returnLineSchema>;

const isoTime = z.iso.datetime();

export const returnHistoryEntrySchema = z.object({
  at: isoTime,
  status: z.enum(RETURN_STATUSES),
  /** The staff user's id (Cognito sub); null for the customer's request. */
  by: z.string().nullable(),
  note: z.string(),
});

export const returnRecordSchema = z.object({
  id: z.string(),
  returnNumber: z.string(),
  kind: z.enum(RETURN_KINDS),
  status: z.enum(RETURN_STATUSES),
  reason: z.enum(RETURN_REASON_IDS),
  note: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  customer: z.object({ name: z.string(), email: z.string() }),
  lines: z.array(returnLineSchema),
  /**
   * The request holds its blinds on the order's lines (`claimedQuantity`), taken when it was stored
   * and given back if it is declined. Absent on requests stored before blinds were counted, which hold none.
   */
  linesClaimed: z.boolean().optional(),
  /** Object keys of the photos in the uploads bucket. */
  photoKeys: z.array(z.string()),
  /** What a return refunds: the lines' price and their share of the tax, in cents (0 for a remake). */
  refundCents: z.number().int().nonnegative(),
  refundId: z.string().nullable(),
  history: z.array(returnHistoryEntrySchema),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type ReturnRecord = z.infer<typeof returnRecordSchema>;

/**
 * What a return refunds: the returned blinds at what was paid for them (their price less their share
 * of each of the order's discounts taken off them, in proportion to their price) and the tax charged on that. Shipping,
 * sample shipping and installation are not refunded (the Returns page: completed installation and
 * sample shipping are not refundable), and a remake refunds nothing.
 */
export function refundCentsOf(
  order: Pick<Order, 'totals' | 'lines'>,
  kind: ReturnKind,
  lines: ReadonlyArray<{ position: number; quantity: number }>,
): number {
  return kind === 'remake' ? 0 : refundPartsOf(order, lines).refundCents;
}

/** The request's lines as the order has them (positions already checked by decideTerms). */
export function returnLinesOf(
  orderLines: readonly OrderLine[],
  lines: ReadonlyArray<{ position: number; quantity: number }>,
): ReturnLine[] {
  return lines.map((wanted) => {
    const line = orderLines.find((candidate) => candidate.position === wanted.position)!;
    return {
      position: line.position,
      title: line.title,
      description: line.description,
      quantity: wanted.quantity,
      unitCents: line.unitCents,
    };
  });
}

/* ---------- Responses and staff requests ---------- */

/** 201 of POST /api/returns. */
export const returnSubmittedSchema = z.object({
  returnNumber: z.string(),
  kind: z.enum(RETURN_KINDS),
  status: z.enum(RETURN_STATUSES),
});
export type ReturnSubmitted = z.infer<typeof returnSubmittedSchema>;

/** A row of the admin Returns tab. */
export const returnSummarySchema = returnRecordSchema
  .pick({
    id: true,
    returnNumber: true,
    kind: true,
    status: true,
    reason: true,
    orderNumber: true,
    customer: true,
    createdAt: true,
  })
  .extend({
    blindCount: z.number().int().nonnegative(),
    photoCount: z.number().int().nonnegative(),
  });
export type ReturnSummary = z.infer<typeof returnSummarySchema>;

export const returnsPageSchema = z.object({ returns: z.array(returnSummarySchema), nextCursor: z.string().nullable() });
export type ReturnsPage = z.infer<typeof returnsPageSchema>;

/** 200 of GET /api/admin/returns/{returnId} and of a transition: the request with short-lived links to its photos. */
export const returnDetailSchema = returnRecordSchema.omit({ photoKeys: true }).extend({ photoUrls: z.array(z.url()) });
export type ReturnDetail = z.infer<typeof returnDetailSchema>;

export const adminReturnsQuerySchema = z.object({
  status: z.enum(RETURN_STATUSES, { error: 'Please choose a status from the list.' }).optional(),
  cursor: z.string().min(1).max(2048).optional(),
});

export const returnTransitionRequestSchema = z.object({
  action: z.enum(RETURN_ACTIONS, { error: 'Please choose approve, decline, receive, refund or remake.' }),
  note: multiLineText('Note').max(1000, 'Please shorten the note to 1,000 characters.').optional().default(''),
});
export type ReturnTransitionRequest = z.input<typeof returnTransitionRequestSchema>;

export function returnSummaryOf(record: ReturnRecord): ReturnSummary {
  const { id, returnNumber: number, kind, status, reason, orderNumber, customer, createdAt, lines, photoKeys } = record;
  return {
    id,
    returnNumber: number,
    kind,
    status,
    reason,
    orderNumber,
    customer,
    createdAt,
    blindCount: blindCountOf(lines),
    photoCount: photoKeys.length,
  };
}

export const returnIdSchema = z.uuid();
