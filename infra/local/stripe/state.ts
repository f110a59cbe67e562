/**
 * The stand-in's state, as kept in its JSON file, and what the store of each kind of object is
 * given to reach it (StripeStore, store.ts, gives it).
 */
import type {
  Charge,
  CheckoutSession,
  Coupon,
  Customer,
  EventRecord,
  IdempotentResult,
  Invoice,
  InvoiceItem,
  LineItem,
  PaymentIntent,
  PaymentMethod,
  Refund,
  SetupIntent,
  StripeObject,
  WebhookEventType,
} from './objects';

export interface SessionRecord {
  session: CheckoutSession;
  lineItems: LineItem[];
  paymentIntentData: { metadata: Record<string, string>; description: string | null };
  /** Paid with a delayed method: complete but unpaid until settled (async_payment_succeeded/failed). */
  awaitingSettlement: boolean;
}

export interface StandInState {
  secretKey: string;
  webhookSecret: string;
  sessions: Record<string, SessionRecord>;
  paymentIntents: Record<string, PaymentIntent>;
  charges: Record<string, Charge>;
  refunds: Record<string, Refund>;
  /** Absent in a state file written before the stand-in had coupons. */
  coupons?: Record<string, Coupon>;
  /** Absent in a state file written before the stand-in had invoices. */
  customers?: Record<string, Customer & { invoicePrefix: string; invoiceCount: number }>;
  invoiceItems?: Record<string, InvoiceItem>;
  invoices?: Record<string, Invoice>;
  /** Absent in a state file written before the stand-in saved cards. */
  paymentMethods?: Record<string, PaymentMethod>;
  setupIntents?: Record<string, SetupIntent>;
  events: EventRecord[];
  idempotency: Record<string, IdempotentResult>;
}

/** The state, Stripe's clock, and what follows a change: the state file's write, and its events. */
export interface StandInContext {
  readonly state: StandInState;
  /** Unix seconds, Stripe's timestamps. */
  now(): number;
  persist(): void;
  /** Records the event and hands it to the webhook delivery, unless `deliver` is false (held). */
  emit(
    type: WebhookEventType,
    object: StripeObject,
    previousAttributes: Record<string, unknown> | undefined,
    deliver?: boolean,
  ): EventRecord;
}

export function copy<T>(value: T): T {
  return structuredClone(value);
}

export function copyOf<T>(value: T | undefined): T | undefined {
  return value === undefined ? undefined : structuredClone(value);
}
