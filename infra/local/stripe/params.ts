import { parse } from 'qs';
import { z } from 'zod';
import { StripeApiError } from './errors';

/**
 * Request parameters as Stripe reads them: form-encoded in bracket notation
 * (`line_items[0][price_data][unit_amount]=1250`, `expand[0]=payment_intent`), every value a string.
 * Up to 100 line items (Stripe's limit) stay an array.
 */
export function parseParams(text: string): Record<string, unknown> {
  return parse(text, { depth: 10, arrayLimit: 100, parameterLimit: 10_000 });
}

const integer = (min: number) =>
  z
    .string()
    .regex(/^-?\d+$/, 'Invalid integer')
    .transform(Number)
    .pipe(z.number().int().min(min, `This value must be greater than or equal to ${min}.`));

const metadata = z
  .record(
    z.string().max(40, 'Metadata keys can be at most 40 characters.'),
    z.string().max(500, 'Metadata values can be at most 500 characters.'),
  )
  .refine((value) => Object.keys(value).length <= 50, 'Metadata can have at most 50 keys.');

const expand = z.array(z.string()).optional();

/** The Checkout Session parameters the stand-in implements: what the shop sends (see README). */
const sessionCreate = z.strictObject({
  mode: z.literal('payment', 'The local Stripe stand-in implements modes payment and setup only.'),
  line_items: z
    .array(
      z.strictObject({
        price_data: z.strictObject({
          currency: z.literal('usd', 'The local Stripe stand-in charges usd only.'),
          unit_amount: integer(0),
          product_data: z.strictObject({
            name: z.string().min(1),
            description: z.string().optional(),
            metadata: metadata.optional(),
          }),
        }),
        quantity: integer(1).pipe(z.number().max(999_999, 'This value must be less than or equal to 999999.')),
        metadata: metadata.optional(),
      }),
    )
    .min(1, 'line_items must hold at least one item in payment mode.')
    .max(100, 'You may only specify up to 100 line items.'),
  success_url: z.url('Not a valid URL'),
  cancel_url: z.url('Not a valid URL').optional(),
  client_reference_id: z.string().max(200).optional(),
  /** A customer whose saved cards the page offers; Stripe takes it or customer_email, not both. */
  customer: z.string().min(1).optional(),
  customer_email: z.email('Invalid email address').optional(),
  /** With a customer: which saved cards the page shows (Stripe's default: allow_redisplay always) and whether it offers to save the card. */
  saved_payment_method_options: z
    .strictObject({
      allow_redisplay_filters: z
        .array(z.enum(['always', 'limited', 'unspecified']))
        .min(1)
        .optional(),
      payment_method_save: z.enum(['enabled', 'disabled']).optional(),
    })
    .optional(),
  metadata: metadata.optional(),
  expires_at: integer(0).optional(),
  payment_intent_data: z
    .strictObject({ metadata: metadata.optional(), description: z.string().max(1000).optional() })
    .optional(),
  payment_method_types: z.array(z.literal('card', 'The local Stripe stand-in takes cards only.')).optional(),
  locale: z.string().optional(),
  submit_type: z.enum(['auto', 'book', 'donate', 'pay']).optional(),
  /** Stripe Checkout applies one discount per session. */
  discounts: z
    .array(z.strictObject({ coupon: z.string().min(1) }))
    .max(1, 'You may only specify one discount.')
    .optional(),
  expand,
});

export type SessionCreateParams = z.output<typeof sessionCreate>;

/** A Checkout Session that saves a card for a customer, charging nothing (`mode=setup`). */
const setupSessionCreate = z.strictObject({
  mode: z.literal('setup'),
  customer: z.string().min(1),
  currency: z.literal('usd', 'The local Stripe stand-in charges usd only.').optional(),
  success_url: z.url('Not a valid URL'),
  cancel_url: z.url('Not a valid URL').optional(),
  client_reference_id: z.string().max(200).optional(),
  metadata: metadata.optional(),
  expires_at: integer(0).optional(),
  setup_intent_data: z
    .strictObject({ metadata: metadata.optional(), description: z.string().max(1000).optional() })
    .optional(),
  allowed_payment_method_types: z.array(z.literal('card', 'The local Stripe stand-in saves cards only.')).optional(),
  locale: z.string().optional(),
  expand,
});

export type SetupSessionCreateParams = z.output<typeof setupSessionCreate>;

const paymentMethodList = z.strictObject({
  type: z.literal('card', 'The local Stripe stand-in keeps cards only.').optional(),
  limit: integer(1).pipe(z.number().max(100, 'This value must be less than or equal to 100.')).optional(),
  expand,
});

const refundCreate = z.strictObject({
  payment_intent: z.string().min(1).optional(),
  charge: z.string().min(1).optional(),
  amount: integer(1).optional(),
  reason: z.enum(['duplicate', 'fraudulent', 'requested_by_customer']).optional(),
  metadata: metadata.optional(),
  expand,
});

/** A coupon of a fixed amount off, used once: what the shop makes for an order's discounts. */
const couponCreate = z.strictObject({
  amount_off: integer(1),
  currency: z.literal('usd', 'The local Stripe stand-in charges usd only.'),
  duration: z.literal('once', 'The local Stripe stand-in implements duration once only.'),
  name: z.string().max(40, 'Coupon names can be at most 40 characters.').optional(),
  max_redemptions: integer(1).optional(),
  metadata: metadata.optional(),
  expand,
});

export type CouponCreateParams = z.output<typeof couponCreate>;

/** A customer to invoice: what the shop makes for a client on payment terms. */
const customerCreate = z.strictObject({
  email: z.email('Invalid email address').optional(),
  name: z.string().max(256).optional(),
  description: z.string().max(350).optional(),
  metadata: metadata.optional(),
  expand,
});

export type CustomerCreateParams = z.output<typeof customerCreate>;

const usd = z.literal('usd', 'The local Stripe stand-in charges usd only.');

/** An amount to bill a customer, on a given draft invoice or pending for their next one. */
const invoiceItemCreate = z.strictObject({
  customer: z.string().min(1),
  amount: integer(0).optional(),
  currency: usd.optional(),
  description: z.string().max(500).optional(),
  invoice: z.string().min(1).optional(),
  metadata: metadata.optional(),
  expand,
});

export type InvoiceItemCreateParams = z.output<typeof invoiceItemCreate>;

const bool = z.enum(['true', 'false']).transform((value) => value === 'true');

/** An invoice the customer pays on its hosted page by card or bank transfer (`send_invoice`), or one charged automatically. */
const invoiceCreate = z.strictObject({
  customer: z.string().min(1),
  collection_method: z.enum(['charge_automatically', 'send_invoice']).optional(),
  due_date: integer(0).optional(),
  days_until_due: integer(0).optional(),
  auto_advance: bool.optional(),
  currency: usd.optional(),
  description: z.string().max(1500).optional(),
  footer: z.string().max(5000).optional(),
  metadata: metadata.optional(),
  custom_fields: z
    .array(z.strictObject({ name: z.string().min(1).max(40), value: z.string().min(1).max(140) }))
    .max(4, 'You may only specify up to 4 custom fields.')
    .optional(),
  pending_invoice_items_behavior: z.enum(['exclude', 'include']).optional(),
  payment_settings: z
    .strictObject({
      payment_method_types: z
        .array(z.enum(['card', 'customer_balance'], 'The local Stripe stand-in takes card and customer_balance only.'))
        .optional(),
      payment_method_options: z
        .strictObject({
          customer_balance: z
            .strictObject({
              funding_type: z.literal('bank_transfer'),
              bank_transfer: z.strictObject({ type: z.enum(['us_bank_transfer']) }),
            })
            .optional(),
        })
        .optional(),
    })
    .optional(),
  expand,
});

export type InvoiceCreateParams = z.output<typeof invoiceCreate>;

const expandOnly = z.strictObject({ expand });

export const readSessionCreate = (params: Record<string, unknown>) =>
  params.mode === 'setup'
    ? ({ ...read(setupSessionCreate, params), mode: 'setup' } as const)
    : read(sessionCreate, params);
export const readPaymentMethodList = (params: Record<string, unknown>) => read(paymentMethodList, params);
export const readCouponCreate = (params: Record<string, unknown>) => read(couponCreate, params);
export const readRefundCreate = (params: Record<string, unknown>) => read(refundCreate, params);
export const readCustomerCreate = (params: Record<string, unknown>) => read(customerCreate, params);
export const readInvoiceItemCreate = (params: Record<string, unknown>) => read(invoiceItemCreate, params);
export const readInvoiceCreate = (params: Record<string, unknown>) => read(invoiceCreate, params);
export const readExpand = (params: Record<string, unknown>) => read(expandOnly, params).expand ?? [];

/** Parsed parameters, or Stripe's 400 for the first problem, naming the parameter as Stripe does. */
function read<T extends z.ZodType>(schema: T, params: Record<string, unknown>): z.output<T> {
  const parsed = schema.safeParse(params);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  if (issue.code === 'unrecognized_keys') {
    const param = bracketed([...issue.path, issue.keys[0]!]);
    throw new StripeApiError(400, {
      type: 'invalid_request_error',
      code: 'parameter_unknown',
      message: `Received unknown parameter: ${param} (the local Stripe stand-in implements the parameters in infra/local/stripe/README.md)`,
      param,
    });
  }
  const param = bracketed(issue.path);
  const value = issue.path.reduce<unknown>(
    (at, key) => (at as Record<PropertyKey, unknown> | undefined)?.[key],
    params,
  );
  if (value === undefined) {
    throw new StripeApiError(400, {
      type: 'invalid_request_error',
      code: 'parameter_missing',
      message: `Missing required param: ${param}.`,
      param,
    });
  }
  if (value === '') {
    throw new StripeApiError(400, {
      type: 'invalid_request_error',
      code: 'parameter_invalid_empty',
      message: `You passed an empty string for '${param}'. We assume empty values are an attempt to unset a parameter; however '${param}' cannot be unset. You should remove '${param}' from your request or supply a non-empty value.`,
      param,
    });
  }
  const message =
    issue.message === 'Invalid integer' ? `Invalid integer: ${String(value)}` : `Invalid ${param}: ${issue.message}`;
  throw new StripeApiError(400, {
    type: 'invalid_request_error',
    ...(issue.message === 'Invalid integer' ? { code: 'parameter_invalid_integer' } : {}),
    message,
    param,
  });
}

/** ['line_items', 0, 'quantity'] → line_items[0][quantity] */
function bracketed(path: readonly PropertyKey[]): string {
  const [first, ...rest] = path.map(String);
  return `${first ?? ''}${rest.map((key) => `[${key}]`).join('')}`;
}
