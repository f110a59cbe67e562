/**
 * What a buyer's OrderRequest becomes (README.md beside this file; decision 0018): the purchase
 * order a punch-out order keeps, the price review of its lines against the submitted cart, and the bodies of the partner APIs
 * (invoices are in invoice.ts). Pure; the handlers in functions/orders/purchase-orders.ts and functions/punchout/
 * read and write.
 */
import * as z from 'zod';
import {
  checkoutAddressSchema,
  ZIP_CODE_PATTERN,
  CHECKOUT_STATE_CODES,
  type CheckoutAddress,
} from '../checkout/checkout';
import { productBySku, skuFor, type Product } from '../catalogue/sku';
import type { FamilyId } from '../catalogue/families';
import { MAX_ORDER_LINES } from '../checkout/totals';
import { formatCents } from '../pricing/money';
import { MAX_QUANTITY } from '../pricing/quantity';
import { singleLineText } from '../text';
import { groupThousands } from '../thousands';

const cents = z.number().int().nonnegative();

/** The buyer's orders come in US dollars only: the shop prices, invoices and is paid in USD. */
export const PURCHASE_ORDER_CURRENCY = 'USD';

/** OrderRequestHeader@type: a new order, a change of one sent before, or its withdrawal. */
export const PURCHASE_ORDER_TYPES = ['new', 'update', 'delete'] as const;
export type PurchaseOrderType = (typeof PURCHASE_ORDER_TYPES)[number];

/** An address as the buyer sent it (ShipTo or BillTo), before it is mapped onto the order's address. */
export const purchaseOrderAddressSchema = z.object({
  name: z.string(),
  deliverTo: z.array(z.string()),
  street: z.array(z.string()),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
  email: z.string(),
});
export type PurchaseOrderAddress = z.infer<typeof purchaseOrderAddressSchema>;

/** One ItemOut as the buyer sent it; `orderLinePosition` is the order line it became, null when its SupplierPartAuxiliaryID names no submitted line. */
export const purchaseOrderItemSchema = z.object({
  lineNumber: z.number().int().positive(),
  quantity: z.number().int().positive(),
  supplierPartId: z.string(),
  supplierPartAuxiliaryId: z.string(),
  description: z.string(),
  unitCents: cents,
  unitOfMeasure: z.string(),
  orderLinePosition: z.number().int().positive().nullable(),
});
export type PurchaseOrderItem = z.infer<typeof purchaseOrderItemSchema>;

/** The buyer's purchase order of a punch-out order: who sent it, its ids, and what it asked for, as sent. */
export const purchaseOrderSchema = z.object({
  configurationId: z.string(),
  buyerSystem: z.string(),
  /** OrderRequestHeader@orderID: the buyer's PO number. */
  buyerOrderId: z.string(),
  /** The cXML payloadID of the document that created the order. */
  payloadId: z.string(),
  /** OrderRequestHeader@orderDate as sent (buyers send it with or without a zone). */
  orderDate: z.string(),
  /** The type of the last document applied: new, then update or delete. */
  type: z.enum(PURCHASE_ORDER_TYPES),
  /** OrderRequestHeader/Total in cents. */
  documentTotalCents: cents,
  currency: z.literal(PURCHASE_ORDER_CURRENCY),
  shipTo: purchaseOrderAddressSchema,
  billTo: purchaseOrderAddressSchema.nullable(),
  items: z.array(purchaseOrderItemSchema),
  comments: z.string(),
});
export type PurchaseOrder = z.infer<typeof purchaseOrderSchema>;

/**
 * Why staff must look at a line before the order is made: its unit price is not the submitted
 * cart's (`priceChanged`), it names no submitted line (`unknownLine`: made by staff from its
 * description, or refused with the buyer), or the document's total is not the sum of its lines
 * (`totalMismatch`, lineNumber null).
 */
export const PRICE_ISSUE_KINDS = ['priceChanged', 'unknownLine', 'totalMismatch'] as const;
export type PriceIssueKind = (typeof PRICE_ISSUE_KINDS)[number];

export const priceIssueSchema = z.object({
  kind: z.enum(PRICE_ISSUE_KINDS),
  lineNumber: z.number().int().positive().nullable(),
  /** What the buyer's document says (a unit price, or the document's total). */
  orderedCents: cents,
  /** What the shop expected (the submitted unit price, or the sum of the lines); null for an unknown line. */
  expectedCents: cents.nullable(),
  note: z.string(),
});
export type PriceIssue = z.infer<typeof priceIssueSchema>;

/** Flagged when any issue is found: the order is made, but staff check it before shipping. */
export const priceReviewSchema = z.object({ flagged: z.boolean(), issues: z.array(priceIssueSchema) });
export type PriceReview = z.infer<typeof priceReviewSchema>;

/** SupplierPartID prefix of the zero-price attribute lines of RealPage's old integration, which a buyer's documents bring back. */
export const ATTRIBUTE_LINE_PREFIX = 'ATTR-';

/**
 * What a buyer's line may ask for: a whole quantity up to the shop's line maximum, at a unit price
 * above zero (an attribute line's is zero) and at most $50,000, far above any blind the shop makes;
 * a line, the lines together and the document's Total at most $10,000,000. Every figure and sum
 * stays an exact integer of cents (well inside 2^53), and an order's contract (non-negative cents)
 * holds.
 */
export const PURCHASE_ORDER_MAX_UNIT_CENTS = 5_000_000;
export const PURCHASE_ORDER_MAX_TOTAL_CENTS = 1_000_000_000;
/** cXML line numbers as buyers write them (1, 2… or 10, 20…), kept well inside an exact integer. */
export const PURCHASE_ORDER_MAX_LINE_NUMBER = 999_999;
/**
 * The most text a purchase order keeps on its order's header and carries in every OrderPlaced: its
 * ids, addresses and comments, not its items (docs/decisions/0057). Each item is kept beside the
 * order's lines, within its own bound, so the number of lines is bounded by the order, not by text.
 */
export const PURCHASE_ORDER_MAX_BYTES = 16 * 1024;
/** The most text one ItemOut brings (its part ids, description and unit): far more than any buyer's line. */
export const PURCHASE_ORDER_ITEM_MAX_BYTES = 16 * 1024;
/** A payloadID is claimed as a table key (at most 2,048 bytes); cXML's are a timestamp and a host or so. */
export const PURCHASE_ORDER_MAX_PAYLOAD_ID_LENGTH = 255;

/** The 400 reasons of an OrderRequest the shop cannot accept (the cXML Status text). */
export const PURCHASE_ORDER_MESSAGES = {
  noLines: 'The OrderRequest has no ItemOut lines.',
  payloadId: `The cXML document needs a payloadID of at most ${PURCHASE_ORDER_MAX_PAYLOAD_ID_LENGTH} characters.`,
  tooManyLines: (count: number) =>
    `The OrderRequest has ${count} ItemOut lines; an order can hold at most ${groupThousands(MAX_ORDER_LINES)}. Please send the rest as a second order.`,
  currency: (currency: string) =>
    `Only ${PURCHASE_ORDER_CURRENCY} is accepted; the document uses ${currency || 'no currency'}.`,
  lineNumber: (position: number, lineNumber: number) =>
    `ItemOut ${position} has lineNumber ${lineNumber}; line numbers must be whole numbers from 1 to ${groupThousands(PURCHASE_ORDER_MAX_LINE_NUMBER)}, each used once.`,
  quantity: (lineNumber: number) =>
    `ItemOut line ${lineNumber} needs a whole quantity from 1 to ${groupThousands(MAX_QUANTITY)}.`,
  unitPrice: (lineNumber: number, unitCents: number) =>
    `ItemOut line ${lineNumber} has a unit price of ${formatCents(unitCents)}; a unit price must be more than $0.00 and at most ${formatCents(PURCHASE_ORDER_MAX_UNIT_CENTS)}.`,
  lineTotal: (lineNumber: number, lineCents: number) =>
    `ItemOut line ${lineNumber} comes to ${formatCents(lineCents)}, more than the ${formatCents(PURCHASE_ORDER_MAX_TOTAL_CENTS)} an order may total.`,
  linesTotal: (linesCents: number) =>
    `The ItemOut lines come to ${formatCents(linesCents)}, more than the ${formatCents(PURCHASE_ORDER_MAX_TOTAL_CENTS)} an order may total.`,
  documentTotal: (totalCents: number) =>
    `The OrderRequest's Total is ${formatCents(totalCents)}; it must be from $0.00 to ${formatCents(PURCHASE_ORDER_MAX_TOTAL_CENTS)}.`,
  tooLarge: (bytes: number) =>
    `The OrderRequest's addresses and comments come to ${Math.ceil(bytes / 1024)} KB; an order can keep at most ${PURCHASE_ORDER_MAX_BYTES / 1024} KB of them. Please shorten them.`,
  itemTooLarge: (lineNumber: number, bytes: number) =>
    `ItemOut line ${lineNumber}'s part ids and description come to ${Math.ceil(bytes / 1024)} KB; a line can keep at most ${PURCHASE_ORDER_ITEM_MAX_BYTES / 1024} KB. Please shorten its description.`,
  missingOrderId: 'The OrderRequestHeader has no orderID.',
  shipTo: (problem: string) => `The ShipTo address cannot be used: ${problem}.`,
  billTo: (problem: string) => `The BillTo address cannot be used: ${problem}.`,
  unknownOrder: (orderId: string) =>
    `No order ${orderId} was received before; an update or delete needs the original order.`,
  notCancellable: (status: string) => `The order is already ${status} and can no longer be withdrawn.`,
  contact: 'The OrderRequest names no contact e-mail and the configuration has no client e-mail.',
  unplaceable: (reason: string) => `The order cannot be made from this OrderRequest: ${reason}.`,
} as const;

/**
 * Why a buyer's purchase order (as it would be kept) cannot be an order, naming the line and the
 * rule (the cXML 400's text), or null. Checked before anything is stored, for the OrderRequest and
 * the partner API alike.
 */
export function purchaseOrderProblem(purchaseOrder: {
  items: ReadonlyArray<Pick<PurchaseOrderItem, 'lineNumber' | 'quantity' | 'unitCents' | 'supplierPartId'>>;
  documentTotalCents: number;
}): string | null {
  if (purchaseOrder.items.length > MAX_ORDER_LINES)
    return PURCHASE_ORDER_MESSAGES.tooManyLines(purchaseOrder.items.length);
  const seen = new Set<number>();
  for (const [index, item] of purchaseOrder.items.entries()) {
    const { lineNumber, quantity, unitCents } = item;
    if (
      !Number.isInteger(lineNumber) ||
      lineNumber < 1 ||
      lineNumber > PURCHASE_ORDER_MAX_LINE_NUMBER ||
      seen.has(lineNumber)
    ) {
      return PURCHASE_ORDER_MESSAGES.lineNumber(index + 1, lineNumber);
    }
    seen.add(lineNumber);
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY)
      return PURCHASE_ORDER_MESSAGES.quantity(lineNumber);
    const attributeLine = item.supplierPartId.startsWith(ATTRIBUTE_LINE_PREFIX) && unitCents === 0;
    if (
      !Number.isInteger(unitCents) ||
      (unitCents < 1 && !attributeLine) ||
      unitCents > PURCHASE_ORDER_MAX_UNIT_CENTS
    ) {
      return PURCHASE_ORDER_MESSAGES.unitPrice(lineNumber, unitCents);
    }
    if (quantity * unitCents > PURCHASE_ORDER_MAX_TOTAL_CENTS)
      return PURCHASE_ORDER_MESSAGES.lineTotal(lineNumber, quantity * unitCents);
    const itemBytes = jsonBytes(item);
    if (itemBytes > PURCHASE_ORDER_ITEM_MAX_BYTES) return PURCHASE_ORDER_MESSAGES.itemTooLarge(lineNumber, itemBytes);
  }
  const linesCents = purchaseOrderSubtotalCents(purchaseOrder.items);
  if (linesCents > PURCHASE_ORDER_MAX_TOTAL_CENTS) return PURCHASE_ORDER_MESSAGES.linesTotal(linesCents);
  const total = purchaseOrder.documentTotalCents;
  if (!Number.isInteger(total) || total < 0 || total > PURCHASE_ORDER_MAX_TOTAL_CENTS)
    return PURCHASE_ORDER_MESSAGES.documentTotal(total);
  const { items: _items, ...kept } = purchaseOrder;
  const bytes = jsonBytes(kept);
  if (bytes > PURCHASE_ORDER_MAX_BYTES) return PURCHASE_ORDER_MESSAGES.tooLarge(bytes);
  return null;
}

function jsonBytes(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value)).length;
}

/** A Money text ("1505.0", "12.5", "7") as integer cents, or null when it is not an amount. */
export function moneyCents(text: string): number | null {
  const found = /^\s*(\d+)(?:\.(\d{1,2})0*)?\s*$/.exec(text);
  if (!found) return null;
  return Number(found[1]) * 100 + Number((found[2] ?? '').padEnd(2, '0'));
}

/** Two decimals, as cXML Money and the exports write an amount. */
export function decimalOf(amountCents: number): string {
  return (amountCents / 100).toFixed(2);
}

/**
 * The order's address from a buyer's ShipTo or BillTo: the first street line and the rest joined
 * as the second, the state upper-cased, a ZIP+4 kept. A US state and ZIP are required (the shop
 * ships in the US only), so anything else is refused with the reason.
 */
export function orderAddressOf(
  address: PurchaseOrderAddress,
): { ok: true; address: CheckoutAddress } | { ok: false; problem: string } {
  const [first = '', ...rest] = address.street.map((line) => line.trim()).filter((line) => line !== '');
  const state = address.state.trim().toUpperCase();
  const zipCode = address.postalCode.trim();
  if (first === '') return { ok: false, problem: 'no street' };
  if (address.city.trim() === '') return { ok: false, problem: 'no city' };
  if (!(CHECKOUT_STATE_CODES as readonly string[]).includes(state))
    return { ok: false, problem: `"${address.state}" is not a US state the shop ships to` };
  if (!ZIP_CODE_PATTERN.test(zipCode)) return { ok: false, problem: `"${address.postalCode}" is not a US ZIP code` };
  return {
    ok: true,
    address: {
      address1: first.slice(0, 200),
      address2: rest.join(', ').slice(0, 200),
      city: address.city.trim().slice(0, 100),
      state: state as CheckoutAddress['state'],
      zipCode,
    },
  };
}

/**
 * Compares each line of the buyer's order with what the shop expects of it (the submitted unit
 * price; undefined when the line names no submitted line) and the document's total with the sum
 * of its lines. Nothing is silently accepted: every difference is an issue.
 */
export function reviewPrices(
  items: ReadonlyArray<Pick<PurchaseOrderItem, 'lineNumber' | 'quantity' | 'unitCents' | 'supplierPartId'>>,
  expectedUnitCents: (lineNumber: number) => number | undefined,
  documentTotalCents: number,
): PriceReview {
  const issues: PriceIssue[] = [];
  for (const item of items) {
    const expected = expectedUnitCents(item.lineNumber);
    if (expected === undefined) {
      issues.push({
        kind: 'unknownLine',
        lineNumber: item.lineNumber,
        orderedCents: item.unitCents,
        expectedCents: null,
        note: `Line ${item.lineNumber} (${item.supplierPartId || 'no part id'}) names no line of a cart this shop returned.`,
      });
    } else if (expected !== item.unitCents) {
      issues.push({
        kind: 'priceChanged',
        lineNumber: item.lineNumber,
        orderedCents: item.unitCents,
        expectedCents: expected,
        note: `Line ${item.lineNumber}: ordered at $${decimalOf(item.unitCents)} a unit, submitted at $${decimalOf(expected)}.`,
      });
    }
  }
  const linesCents = purchaseOrderSubtotalCents(items);
  if (linesCents !== documentTotalCents) {
    issues.push({
      kind: 'totalMismatch',
      lineNumber: null,
      orderedCents: documentTotalCents,
      expectedCents: linesCents,
      note: `The order's total $${decimalOf(documentTotalCents)} is not the sum of its lines, $${decimalOf(linesCents)}.`,
    });
  }
  return { flagged: issues.length > 0, issues };
}

/** What the buyer ordered, at the buyer's unit prices: what the invoice bills (no tax or freight is added to a purchase order). */
export function purchaseOrderSubtotalCents(
  items: ReadonlyArray<Pick<PurchaseOrderItem, 'quantity' | 'unitCents'>>,
): number {
  return items.reduce((sum, item) => sum + item.quantity * item.unitCents, 0);
}

/* ---------- SKUs of the partner APIs ---------- */

/**
 * The part id of a product and colour: the catalogue SKU (FW-STD-E02), which the shop sends as
 * SupplierPartID and the partner APIs take back. Sizes and options are not part of it.
 */
export function partSkuOf(product: { family: FamilyId; series: string; colorCode: string }): string {
  return skuFor(product.family, product.series, product.colorCode);
}

/** The product and colour a part id names, or null for one the catalogue does not have. */
export function productOfPartSku(sku: string): Product | null {
  return productBySku(sku.trim());
}

/* ---------- Partner APIs: price and availability, order integration ---------- */

const skuText = z.string().trim().min(1).max(50);
const accountNumberSchema = z
  .string({ error: 'Please send the account number.' })
  .trim()
  .min(1, 'Please send the account number.')
  .max(100);

/** POST /api/punchout/price-availability */
export const priceAvailabilityRequestSchema = z.object({
  skus: z
    .array(skuText, { error: 'Please send the SKUs as a list.' })
    .min(1, 'Please send at least one SKU.')
    .max(100, 'Please send at most 100 SKUs.'),
  accountNumber: accountNumberSchema,
});
export type PriceAvailabilityRequest = z.infer<typeof priceAvailabilityRequestSchema>;

/** A SKU the catalogue does not have answers unavailable with a null price. */
export const priceAvailabilityItemSchema = z.object({
  sku: z.string(),
  available: z.boolean(),
  unitPriceCents: cents.nullable(),
  currency: z.literal(PURCHASE_ORDER_CURRENCY),
});
export const priceAvailabilityResponseSchema = z.object({ items: z.array(priceAvailabilityItemSchema) });
export type PriceAvailabilityResponse = z.infer<typeof priceAvailabilityResponseSchema>;

export const ORDER_INTEGRATION_SHIP_TO_MESSAGE =
  'Please send the ship-to address (shipTo: address1, city, state, zipCode) of an order that is not a test.';

/**
 * POST /api/punchout/order-integration: `unitPrice` in dollars, as the old integration sent it;
 * `test` validates without creating anything; an order that is not a test ships to `shipTo` (a US
 * address, as checkout takes it), which the old integration never sent.
 */
export const orderIntegrationRequestSchema = z
  .object({
    orderNumber: singleLineText('Order number', { error: 'Please send the order number.' })
      .min(1, 'Please send the order number.')
      .max(100),
    accountNumber: accountNumberSchema,
    items: z
      .array(
        z.object({
          sku: skuText,
          quantity: z
            .number({ error: 'Please send a whole quantity of at least 1.' })
            .int('Please send a whole quantity of at least 1.')
            .min(1, 'Please send a whole quantity of at least 1.')
            .max(9999),
          unitPrice: z
            .number({ error: 'Please send the unit price in dollars.' })
            .nonnegative('Please send the unit price in dollars.'),
        }),
        { error: 'Please send the items as a list.' },
      )
      .min(1, 'Please send at least one item.')
      .max(100, 'Please send at most 100 items.'),
    shipTo: checkoutAddressSchema.optional(),
    test: z.boolean().optional().default(false),
  })
  .refine((request) => request.test || request.shipTo !== undefined, {
    path: ['shipTo'],
    message: ORDER_INTEGRATION_SHIP_TO_MESSAGE,
  });
export type OrderIntegrationRequest = z.input<typeof orderIntegrationRequestSchema>;
export type OrderIntegrationInput = z.output<typeof orderIntegrationRequestSchema>;

export const orderIntegrationLineSchema = z.object({
  sku: z.string(),
  quantity: z.number().int().positive(),
  known: z.boolean(),
  available: z.boolean(),
  orderedUnitCents: cents,
  expectedUnitCents: cents.nullable(),
});
export const orderIntegrationResponseSchema = z.object({
  accepted: z.boolean(),
  orderNumber: z.string(),
  /** The shop's order number when one was made (never for a test). */
  shopOrderNumber: z.string().nullable(),
  test: z.boolean(),
  lines: z.array(orderIntegrationLineSchema),
  priceDifferences: z.array(z.object({ sku: z.string(), orderedUnitCents: cents, expectedUnitCents: cents })),
  problems: z.array(z.string()),
});
export type OrderIntegrationResponse = z.infer<typeof orderIntegrationResponseSchema>;

export const PARTNER_API_MESSAGES = {
  unauthorized: 'Send the configuration identity and shared secret as HTTP Basic credentials.',
  otherAccount: 'This account number is not the one of the configuration the credentials belong to.',
} as const;
