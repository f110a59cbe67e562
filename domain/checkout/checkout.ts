/**
 * The checkout contract: what the checkout page sends to POST /api/checkout/quote and POST
 * /api/orders, and what it gets back. Every figure comes from the server; a price, total or
 * shipping amount in a body is not part of any schema here, so it is never read. Shared by the
 * handlers and the browser.
 */
import * as z from 'zod';
import { poNumberField } from '../accounts/payment-terms';
import {
  installationOptionsSchema,
  installationVisitSchema,
  NO_INSTALLATION_OPTIONS,
} from '../appointments/installation-choices';
import { QUOTE_CHARGE_KINDS } from '../customer-quotes/charges';
import { deliveryEstimateSchema } from '../calendar/estimate-schema';
import { FAMILY_IDS } from '../catalogue/families';
import { configurationSchema } from '../pricing/configuration';
import { discountSchema } from '../pricing/discount-schema';
import { appliedCodeSchema } from '../promotions/promotion-schema';
import { US_STATE_CODES } from '../samples/sample';
import { multiLineText, singleLineText } from '../text';

/** The 50 US states a card order ships to (the sample list also ships to DC; checkout does not). */
export const CHECKOUT_STATE_CODES = US_STATE_CODES.filter((code) => code !== 'DC') as unknown as readonly [
  Exclude<(typeof US_STATE_CODES)[number], 'DC'>,
  ...Exclude<(typeof US_STATE_CODES)[number], 'DC'>[],
];
export type CheckoutStateCode = (typeof CHECKOUT_STATE_CODES)[number];

export const ZIP_CODE_PATTERN = /^\d{5}(-\d{4})?$/;

/** The old shop's texts, and ours where it had none (said so beside each). */
export const CHECKOUT_MESSAGES = {
  /** Title Missing Information, this sentence; each field is named in `fieldErrors`. */
  missingInformationTitle: 'Missing Information',
  missingInformation: 'Please fill in all required fields.',
  /** The page shows it before calling; the API answers 401 to a caller without a session. */
  notLoggedInTitle: 'Not Logged In',
  notLoggedIn: 'Please log in or create an account before checking out.',
  /** An empty cart goes to /cart with an Empty Cart message (the sentence is ours). */
  emptyCartTitle: 'Empty Cart',
  emptyCart: 'Your cart is empty. Add items before checking out.',
  /** The old shop's failures: no payment page could be made, none came back, the cart could not be read. */
  checkoutFailed: 'Failed to process checkout. Please try again.',
  noCheckoutUrl: 'No checkout URL received.',
  loadCartFailed: 'Failed to load cart items',
  /** Ours: a line the current price grids can no longer price is never charged a guessed price. */
  unpricedLine: 'An item in your cart can no longer be priced. Please remove it or choose another size.',
  /** Ours: the cart changed (or was bought) while the order was being placed. */
  cartChanged: 'Your cart changed while your order was being placed. Please review it and try again.',
  installationUnavailable: 'Professional installation is offered only for addresses in the Dallas-Fort Worth metro.',
  /** Ours: a retried placement whose payment page has expired (an order whose payment page was paid goes to the success page instead). */
  checkoutExpired: 'Your payment page has expired. Please review your cart and place your order again.',
  sessionRefused: 'Could not access your cart.',
} as const;

const requiredText = (label: string, message: string, max: number) =>
  singleLineText(label, { error: message }).min(1, message).max(max, message);

export const checkoutEmailSchema = z
  .string({ error: 'Please enter a valid email address.' })
  .trim()
  .toLowerCase()
  .pipe(z.email('Please enter a valid email address.'));

/** A shipping or billing address: address1, address2, city, state, zipCode. */
export const checkoutAddressSchema = z.object(
  {
    address1: requiredText('Street address', 'Please enter the street address.', 200),
    address2: singleLineText('Address line 2').max(200, 'Please shorten address line 2.').optional().default(''),
    city: requiredText('City', 'Please enter the city.', 100),
    state: z
      .string({ error: 'Please choose a state.' })
      .trim()
      .toUpperCase()
      .pipe(z.enum(CHECKOUT_STATE_CODES, { error: 'Please choose a state.' })),
    zipCode: z
      .string({ error: 'Please enter a valid ZIP code.' })
      .trim()
      .regex(ZIP_CODE_PATTERN, 'Please enter a valid ZIP code.'),
  },
  { error: 'Please enter the address.' },
);
export type CheckoutAddress = z.output<typeof checkoutAddressSchema>;
export type CheckoutAddressInput = z.input<typeof checkoutAddressSchema>;

/** Customer info, prefilled from the profile; the name is one field, as the old shop's form had it. */
export const checkoutCustomerSchema = z.object(
  {
    name: requiredText('Full name', 'Please enter your name.', 200),
    email: checkoutEmailSchema,
    phone: singleLineText('Phone').max(40, 'Please enter a shorter phone number.').optional().default(''),
  },
  { error: 'Please enter your details.' },
);
export type CheckoutCustomer = z.output<typeof checkoutCustomerSchema>;

/**
 * POST /api/checkout/quote. The figures follow the address: shipping stays unknown until a state
 * and a ZIP code are entered, so these two are read leniently (anything incomplete is "unknown",
 * not an error). Lines and samples come from the caller's cart and sample cart, never from here.
 */
/** A promotion code as typed; an empty one is none. Whether it exists is the quote's answer (promoCode). */
const promoCodeField = z
  .string({ error: 'Promotion code must be text.' })
  .trim()
  .max(40, 'This promotion code is not valid. Please check it and try again.')
  .optional()
  .transform((code) => code || undefined);

export const checkoutQuoteRequestSchema = z.object({
  shippingAddress: z
    .object({
      state: z.string().trim().toUpperCase().max(20).optional().default(''),
      zipCode: z.string().trim().max(10).optional().default(''),
    })
    .prefault({}),
  installation: z.boolean().default(false),
  installationOptions: installationOptionsSchema.default(NO_INSTALLATION_OPTIONS),
  promoCode: promoCodeField,
});
export type CheckoutQuoteRequest = z.input<typeof checkoutQuoteRequestSchema>;

/**
 * POST /api/orders. `placementKey` is a UUID the checkout page makes once per visit and sends with
 * every retry: the order's id is derived from it and the caller, so a retried placement (double
 * click, lost answer) finds the order the first one made instead of making a second.
 * With `billingSameAsShipping`, the billing address is the shipping address and any other is ignored.
 * `paymentMethod` `account` bills the order to a client on payment terms, with their PO number
 * (required then, ignored for a card order).
 */
export const PAYMENT_METHODS = ['card', 'account'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const placeOrderRequestSchema = z
  .object({
    placementKey: z.uuid({ error: 'The checkout page is out of date. Please reload it.' }),
    // An absent object is read as empty, so each of its missing fields is named.
    customer: z.preprocess((value) => value ?? {}, checkoutCustomerSchema),
    shippingAddress: z.preprocess((value) => value ?? {}, checkoutAddressSchema),
    billingSameAsShipping: z.boolean().default(true),
    billingAddress: z.unknown().optional(),
    installation: z.boolean().default(false),
    installationOptions: installationOptionsSchema.default(NO_INSTALLATION_OPTIONS),
    /** The visit chosen with installation; null to choose it later from the order. */
    installationVisit: installationVisitSchema.nullable().default(null),
    promoCode: promoCodeField,
    notes: multiLineText('Notes').max(1000, 'Please shorten your notes to 1,000 characters.').optional().default(''),
    paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Please choose how to pay.' }).default('card'),
    poNumber: z.unknown().optional(),
    /**
     * The cart lines whose measure check the customer confirmed as they are (domain/properties/fit-check.ts);
     * at most an order's 1,000 lines (MAX_ORDER_LINES of totals.ts, which imports this module).
     */
    confirmedFitLines: z.array(z.string().max(200)).max(1000).optional().default([]),
  })
  // Runs even when other fields failed (`when`), so the billing fields and the PO number are named with the others.
  .superRefine(
    (body, context) => {
      if (body?.paymentMethod === 'account') {
        const poNumber = poNumberField.safeParse(body.poNumber ?? '');
        for (const issue of poNumber.error?.issues ?? [])
          context.addIssue({ code: 'custom', message: issue.message, path: ['poNumber'] });
      }
      if (body?.billingSameAsShipping !== false) return;
      const billing = checkoutAddressSchema.safeParse(body.billingAddress ?? {});
      for (const issue of billing.error?.issues ?? []) {
        context.addIssue({ code: 'custom', message: issue.message, path: ['billingAddress', ...issue.path] });
      }
    },
    { when: () => true },
  )
  .transform(({ billingAddress, poNumber, ...body }) => ({
    ...body,
    billingAddress: body.billingSameAsShipping
      ? body.shippingAddress
      : checkoutAddressSchema.parse(billingAddress ?? {}),
    poNumber: body.paymentMethod === 'account' ? poNumberField.parse(poNumber) : null,
  }));
export type PlaceOrderRequest = z.input<typeof placeOrderRequestSchema>;
export type PlaceOrderInput = z.output<typeof placeOrderRequestSchema>;

/**
 * 201 of POST /api/orders (and 200 when a retried placement finds its order): the browser goes to
 * `checkoutUrl`, the hosted checkout's page, or for an order placed on account the shop's own
 * success page (accountOrderSuccessPath).
 */
export const placeOrderResponseSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  checkoutUrl: z.union([z.url(), z.string().regex(/^\/checkout\/success\?order=[\w-]+$/)]),
});

/** Where the browser goes once an order is placed on account: nothing to pay, so straight to the success page. */
export function accountOrderSuccessPath(orderId: string): string {
  return `/checkout/success?order=${encodeURIComponent(orderId)}`;
}
export type PlaceOrderResponse = z.infer<typeof placeOrderResponseSchema>;

const cents = z.number().int().nonnegative();

/**
 * How a blind ships, by the width it is made at: up to 75 in a standard parcel, over 75 in an
 * oversize one, over 100 in only by LTL freight, which card checkout refuses.
 */
export const SHIPPING_CLASSES = ['standard', 'oversize', 'freight'] as const;
export type ShippingClass = (typeof SHIPPING_CLASSES)[number];

/**
 * Shipping of the blinds: `unknown` until a state and ZIP code are entered; `free` in the free
 * delivery zone; `charged` per unit outside it; `freight` when a blind needs LTL freight (no card
 * payment, cents null). Samples have their own flat `sampleShippingCents`.
 */
export const SHIPPING_STATUSES = ['unknown', 'free', 'charged', 'freight'] as const;
export type ShippingStatus = (typeof SHIPPING_STATUSES)[number];

export const checkoutLineSchema = z.object({
  /** The cart line's id. */
  lineId: z.string(),
  /** Product name, e.g. "Faux Wood Blinds: Standard". */
  title: z.string(),
  family: z.enum(FAMILY_IDS),
  series: z.string(),
  configuration: configurationSchema,
  /** The configuration spelled out: size, mount, colour, options, room. */
  description: z.array(z.string()),
  roomLabel: z.string().nullable(),
  quantity: z.number().int().positive(),
  /** Priced from the current grids, at the buyer's contract price when they have one. */
  unitCents: cents,
  /** The grids' price, when the buyer's contract price is below it (struck through beside it). */
  listUnitCents: cents.optional(),
  lineCents: cents,
  /**
   * Inches: as made (after an inside window measurement's deduction; shipping goes by this width)
   * and as entered (width, length, originalWidth, originalLength).
   */
  size: z.object({
    width: z.number().positive(),
    length: z.number().positive(),
    enteredWidth: z.number().positive(),
    enteredLength: z.number().positive(),
  }),
  shippingClass: z.enum(SHIPPING_CLASSES),
});
export type CheckoutLine = z.infer<typeof checkoutLineSchema>;

/** A colour sample riding along with the order, as the sample cart holds it. */
export const orderSampleSchema = z.object({
  id: z.string(),
  productName: z.string(),
  color: z.string(),
  material: z.string(),
});
export type OrderSample = z.infer<typeof orderSampleSchema>;

export const CHECKOUT_PROBLEM_CODES = [
  'empty',
  'freight',
  'unpriced',
  'tooManyLines',
  'installationUnavailable',
] as const;

/** Why the order cannot be placed as it stands; the page shows `message` (beside the line when `lineId` is set). */
export const checkoutProblemSchema = z.object({
  code: z.enum(CHECKOUT_PROBLEM_CODES),
  lineId: z.string().nullable(),
  message: z.string(),
});
export type CheckoutProblem = z.infer<typeof checkoutProblemSchema>;

/** 200 of POST /api/checkout/quote: every figure of the order summary. */
export const checkoutQuoteSchema = z.object({
  lines: z.array(checkoutLineSchema),
  samples: z.array(orderSampleSchema),
  /** Units of blinds (sum of quantities): what shipping and installation count. */
  blindCount: z.number().int().nonnegative(),
  /** The blinds at their unit prices, before any discount. */
  subtotalCents: cents,
  /** The sum of `discounts`, taken off the blinds. */
  discountCents: cents,
  discounts: z.array(discountSchema),
  /** 8% of the subtotal less the discounts, rounded half up to the cent once. */
  taxCents: cents,
  shipping: z.object({ status: z.enum(SHIPPING_STATUSES), cents: cents.nullable() }),
  /** $15 when the order carries samples, else 0. */
  sampleShippingCents: cents,
  installation: z.object({
    /** The shipping address is in the installation area (the DFW metro). */
    available: z.boolean(),
    /** Asked for and available. */
    selected: z.boolean(),
    cents,
    /** The options chosen with it (old-blind removal, high-ladder work), each a charge of its own. */
    charges: z.array(z.object({ kind: z.enum(QUOTE_CHARGE_KINDS), label: z.string(), cents })),
  }),
  /** subtotal − discounts + tax + shipping + sample shipping + installation and its options; null while shipping is unknown or freight. */
  totalCents: cents.nullable(),
  /** The promotion code given, and whether it applies; null when none was given. */
  promoCode: appliedCodeSchema.nullable(),
  /** The promotion whose discount is among `discounts` (the code's or a sale's), or null. */
  promotionId: z.string().nullable(),
  /** Empty when the order can be placed with a complete address. */
  problems: z.array(checkoutProblemSchema),
  /** The dates promised for the blinds ordered now to this address; null without blinds or a complete address. */
  estimate: deliveryEstimateSchema.nullable(),
});
export type CheckoutQuote = z.infer<typeof checkoutQuoteSchema>;
