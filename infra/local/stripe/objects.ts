/**
 * The Stripe objects and events the stand-in keeps (the fields of each it fills, typed by the SDK
 * itself), the records of their webhook deliveries and idempotent answers, and ids the way Stripe
 * writes them. Their transitions: customers.ts, coupons.ts, checkout-sessions.ts, payments.ts and
 * invoices.ts, reached through store.ts.
 */
import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import type { CardDetails } from './cards';

export type CheckoutSession = Pick<
  Stripe.Checkout.Session,
  | 'id'
  | 'object'
  | 'amount_subtotal'
  | 'amount_total'
  | 'cancel_url'
  | 'client_reference_id'
  | 'created'
  | 'currency'
  | 'customer'
  | 'customer_details'
  | 'customer_email'
  | 'discounts'
  | 'expires_at'
  | 'livemode'
  | 'locale'
  | 'metadata'
  | 'mode'
  | 'payment_intent'
  | 'payment_method_types'
  | 'payment_status'
  | 'saved_payment_method_options'
  | 'setup_intent'
  | 'status'
  | 'submit_type'
  | 'success_url'
  | 'total_details'
  | 'ui_mode'
  | 'url'
>;

export type LineItem = Pick<
  Stripe.LineItem,
  | 'id'
  | 'object'
  | 'amount_discount'
  | 'amount_subtotal'
  | 'amount_tax'
  | 'amount_total'
  | 'currency'
  | 'description'
  | 'metadata'
  | 'quantity'
> & {
  price: Pick<Stripe.Price, 'id' | 'object' | 'active' | 'currency' | 'livemode' | 'product' | 'type' | 'unit_amount'>;
};

export type PaymentIntent = Pick<
  Stripe.PaymentIntent,
  | 'id'
  | 'object'
  | 'amount'
  | 'amount_capturable'
  | 'amount_received'
  | 'canceled_at'
  | 'cancellation_reason'
  | 'capture_method'
  | 'client_secret'
  | 'confirmation_method'
  | 'created'
  | 'currency'
  | 'description'
  | 'last_payment_error'
  | 'latest_charge'
  | 'livemode'
  | 'metadata'
  | 'payment_method'
  | 'payment_method_types'
  | 'receipt_email'
  | 'status'
>;

export type Charge = Pick<
  Stripe.Charge,
  | 'id'
  | 'object'
  | 'amount'
  | 'amount_captured'
  | 'amount_refunded'
  | 'billing_details'
  | 'captured'
  | 'created'
  | 'currency'
  | 'description'
  | 'failure_code'
  | 'failure_message'
  | 'livemode'
  | 'metadata'
  | 'paid'
  | 'payment_intent'
  | 'payment_method'
  | 'receipt_email'
  | 'refunded'
  | 'status'
> & { payment_method_details: { type: 'card'; card: CardDetails } };

export type Refund = Pick<
  Stripe.Refund,
  'id' | 'object' | 'amount' | 'charge' | 'created' | 'currency' | 'metadata' | 'payment_intent' | 'reason' | 'status'
>;

export type Coupon = Pick<
  Stripe.Coupon,
  | 'id'
  | 'object'
  | 'amount_off'
  | 'created'
  | 'currency'
  | 'duration'
  | 'livemode'
  | 'max_redemptions'
  | 'metadata'
  | 'name'
  | 'percent_off'
  | 'times_redeemed'
  | 'valid'
>;

export type Customer = Pick<
  Stripe.Customer,
  'id' | 'object' | 'created' | 'description' | 'email' | 'livemode' | 'metadata' | 'name'
>;

export type InvoiceItem = Pick<
  Stripe.InvoiceItem,
  'id' | 'object' | 'amount' | 'currency' | 'date' | 'description' | 'livemode' | 'metadata' | 'quantity'
> & { customer: string; invoice: string | null };

/** An invoice's line: one per invoice item it took. */
export type InvoiceLine = Pick<
  Stripe.InvoiceLineItem,
  'id' | 'object' | 'amount' | 'currency' | 'description' | 'livemode' | 'metadata' | 'quantity'
> & { invoice: string };

/** How the invoice was paid on the hosted page (Stripe reports it through the invoice's payments; the stand-in keeps it plainly). */
export type InvoicePaymentMethod = 'card' | 'customer_balance';

export type Invoice = Pick<
  Stripe.Invoice,
  | 'id'
  | 'object'
  | 'amount_due'
  | 'amount_paid'
  | 'amount_remaining'
  | 'attempt_count'
  | 'attempted'
  | 'auto_advance'
  | 'collection_method'
  | 'created'
  | 'currency'
  | 'custom_fields'
  | 'customer_email'
  | 'customer_name'
  | 'description'
  | 'due_date'
  | 'footer'
  | 'hosted_invoice_url'
  | 'invoice_pdf'
  | 'livemode'
  | 'metadata'
  | 'number'
  | 'status'
  | 'status_transitions'
  | 'subtotal'
  | 'total'
> & {
  customer: string;
  lines: { object: 'list'; data: InvoiceLine[]; has_more: false; url: string };
  payment_settings: {
    payment_method_types: InvoicePaymentMethod[] | null;
    payment_method_options: {
      customer_balance?: { funding_type: 'bank_transfer'; bank_transfer: { type: string } };
    } | null;
  };
};

/** A card saved for a customer (a setup-mode Checkout Session saves one); `customer` null once detached. */
export type PaymentMethod = Pick<
  Stripe.PaymentMethod,
  'id' | 'object' | 'allow_redisplay' | 'billing_details' | 'created' | 'livemode' | 'metadata' | 'type'
> & { customer: string | null; card: CardDetails };

export type SetupIntent = Pick<
  Stripe.SetupIntent,
  'id' | 'object' | 'created' | 'description' | 'livemode' | 'metadata' | 'payment_method_types' | 'status' | 'usage'
> & { customer: string; payment_method: string };

export type StripeObject = CheckoutSession | PaymentIntent | Charge | Refund | Coupon | Invoice;

/** The events the shop's webhook endpoint is subscribed to; Stripe sends an endpoint only those. */
export const WEBHOOK_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'charge.refunded',
  'invoice.finalized',
  'invoice.paid',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export type StripeEvent = Pick<
  Stripe.Event,
  'id' | 'object' | 'api_version' | 'created' | 'livemode' | 'pending_webhooks' | 'request'
> & {
  type: WebhookEventType;
  data: { object: StripeObject; previous_attributes?: Record<string, unknown> };
};

export interface DeliveryAttempt {
  at: string;
  trigger: 'automatic' | 'retry' | 'redelivery';
  /** Exactly what was sent: `body` is the raw payload the signature covers. */
  request: { url: string; headers: Record<string, string>; body: string };
  response: { status: number; body: string } | null;
  error: string | null;
  durationMs: number;
}

export interface EventRecord {
  event: StripeEvent;
  /** held: recorded only (a test sends it); pending: automatic attempts remain; failed: they ran out. */
  delivery: 'held' | 'pending' | 'delivered' | 'failed';
  deliveries: DeliveryAttempt[];
}

export interface IdempotentResult {
  method: string;
  path: string;
  body: string;
  status: number;
  response: unknown;
  savedAt: number;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An id the way Stripe writes them: a prefix and random letters and digits. */
export function stripeId(prefix: string, length = 24): string {
  return prefix + Array.from(randomBytes(length), (byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('');
}
