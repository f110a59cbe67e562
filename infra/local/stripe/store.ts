import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { discountShares } from '#domain/pricing/discounts';
import { formatCents } from '#domain/pricing/money';
import { STRIPE_API_VERSION } from '../../../functions/lib/stripe';
import type { CardDetails } from './cards';
import { StripeApiError } from './errors';
import {
  stripeId,
  type Charge,
  type CheckoutSession,
  type Coupon,
  type Customer,
  type DeliveryAttempt,
  type EventRecord,
  type IdempotentResult,
  type Invoice,
  type InvoiceItem,
  type InvoicePaymentMethod,
  type LineItem,
  type PaymentIntent,
  type PaymentMethod,
  type SetupIntent,
  type Refund,
  type StripeObject,
  type WebhookEventType,
} from './objects';
import type {
  CouponCreateParams,
  CustomerCreateParams,
  InvoiceCreateParams,
  InvoiceItemCreateParams,
  SessionCreateParams,
  SetupSessionCreateParams,
} from './params';

interface SessionRecord {
  session: CheckoutSession;
  lineItems: LineItem[];
  paymentIntentData: { metadata: Record<string, string>; description: string | null };
  /** Paid with a delayed method: complete but unpaid until settled (async_payment_succeeded/failed). */
  awaitingSettlement: boolean;
}

interface StandInState {
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

/** Stripe answers at least $0.50 for a USD Checkout Session. */
const MINIMUM_AMOUNT_CENTS = 50;
/** expires_at may be 30 minutes to 24 hours after creation; a minute of slack for the caller's clock and the request's travel. */
const EXPIRY_MIN_SECONDS = 30 * 60 - 60;
const EXPIRY_MAX_SECONDS = 24 * 60 * 60;
/** Stripe keeps idempotency keys 24 hours and events 30 days. */
const IDEMPOTENCY_KEY_SECONDS = 24 * 60 * 60;
const EVENT_RETENTION_SECONDS = 30 * 24 * 60 * 60;

/** The prefix of the keys the stand-in generates: such a key in the environment never means real Stripe. */
export const LOCAL_KEY_PREFIX = 'sk_test_local_';

/**
 * The stand-in's objects and their transitions, in memory and written to one JSON file after each
 * change (so a restarted `npm start` still knows open sessions and undelivered events). Events go
 * to `onEvent` unless held.
 */
export class StripeStore {
  onEvent: (record: EventRecord) => void = () => undefined;
  /** Checkout Sessions whose parameters hold this text are refused as by an error at Stripe (control surface); not kept in the state file. */
  refusingCheckoutSessions: string | null = null;
  private writing: Promise<void> = Promise.resolve();
  private writeQueued = false;

  private constructor(
    private readonly file: string,
    private readonly state: StandInState,
    private readonly clock: () => Date,
  ) {}

  static async open(file: string, clock: () => Date): Promise<StripeStore> {
    let state: StandInState;
    try {
      state = JSON.parse(await readFile(file, 'utf8')) as StandInState;
    } catch {
      state = {
        secretKey: stripeId(LOCAL_KEY_PREFIX, 32),
        webhookSecret: stripeId('whsec_', 32),
        sessions: {},
        paymentIntents: {},
        charges: {},
        refunds: {},
        coupons: {},
        customers: {},
        invoiceItems: {},
        invoices: {},
        paymentMethods: {},
        setupIntents: {},
        events: [],
        idempotency: {},
      };
    }
    const store = new StripeStore(file, state, clock);
    const now = store.now();
    state.events = state.events.filter((record) => record.event.created > now - EVENT_RETENTION_SECONDS);
    for (const [key, saved] of Object.entries(state.idempotency)) {
      if (saved.savedAt <= now - IDEMPOTENCY_KEY_SECONDS) delete state.idempotency[key];
    }
    await mkdir(dirname(file), { recursive: true });
    store.persist();
    await store.flush();
    return store;
  }

  get secretKey(): string {
    return this.state.secretKey;
  }

  get webhookSecret(): string {
    return this.state.webhookSecret;
  }

  /** Unix seconds, Stripe's timestamps. */
  now(): number {
    return Math.floor(this.clock().getTime() / 1000);
  }

  createSession(
    params: Omit<SessionCreateParams, 'expand'> | Omit<SetupSessionCreateParams, 'expand'>,
    hostedPageUrl: (id: string) => string,
  ): CheckoutSession {
    if (params.mode === 'setup') return this.createSetupSession(params, hostedPageUrl);
    if (params.customer !== undefined && params.customer_email !== undefined)
      throw invalid('customer_email', 'You may only specify one of these parameters: customer, customer_email.');
    if (params.customer !== undefined) this.existingCustomer(params.customer, 'customer');
    if (params.saved_payment_method_options !== undefined && params.customer === undefined)
      throw invalid(
        'saved_payment_method_options',
        'saved_payment_method_options can only be used with an existing customer. Please set `customer` too.',
      );
    const now = this.now();
    const currencies = new Set(params.line_items.map((item) => item.price_data.currency));
    if (currencies.size > 1) {
      throw invalid('line_items', 'All line items must have the same currency.');
    }
    const expiresAt = this.sessionExpiry(params.expires_at);
    const currency = params.line_items[0]!.price_data.currency;
    const lineItems: LineItem[] = params.line_items.map((item) => {
      const amount = item.price_data.unit_amount * item.quantity;
      return {
        id: stripeId('li_'),
        object: 'item',
        amount_discount: 0,
        amount_subtotal: amount,
        amount_tax: 0,
        amount_total: amount,
        currency,
        description: item.price_data.product_data.name,
        metadata: item.metadata ?? {},
        quantity: item.quantity,
        price: {
          id: stripeId('price_'),
          object: 'price',
          active: false,
          currency,
          livemode: false,
          product: stripeId('prod_', 14),
          type: 'one_time',
          unit_amount: item.price_data.unit_amount,
        },
      };
    });
    const subtotal = lineItems.reduce((sum, item) => sum + item.amount_subtotal, 0);
    const coupon = this.redeemableCoupon(params.discounts?.[0]?.coupon);
    // As Stripe: the discount is spread over the line items in proportion to their amounts, never below zero.
    const discount = Math.min(coupon?.amount_off ?? 0, subtotal);
    discountShares(
      lineItems.map((item) => item.amount_subtotal),
      discount,
    ).forEach((share, index) => {
      lineItems[index]!.amount_discount = share;
      lineItems[index]!.amount_total -= share;
    });
    const amount = subtotal - discount;
    if (amount < MINIMUM_AMOUNT_CENTS) {
      throw invalid('line_items', `The Checkout Session's total amount due must add up to at least $0.50 ${currency}`);
    }
    const id = stripeId('cs_test_', 58);
    const session: CheckoutSession = {
      id,
      object: 'checkout.session',
      amount_subtotal: subtotal,
      amount_total: amount,
      cancel_url: params.cancel_url ?? null,
      client_reference_id: params.client_reference_id ?? null,
      created: now,
      currency,
      customer: params.customer ?? null,
      customer_details: null,
      customer_email: params.customer_email ?? null,
      discounts: coupon ? [{ coupon: coupon.id, promotion_code: null }] : [],
      expires_at: expiresAt,
      livemode: false,
      locale: params.locale ?? null,
      metadata: params.metadata ?? {},
      mode: 'payment',
      payment_intent: null,
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      saved_payment_method_options: params.saved_payment_method_options
        ? {
            allow_redisplay_filters: params.saved_payment_method_options.allow_redisplay_filters ?? ['always'],
            payment_method_remove: null,
            payment_method_save: params.saved_payment_method_options.payment_method_save ?? 'disabled',
          }
        : null,
      setup_intent: null,
      status: 'open',
      submit_type: params.submit_type ?? null,
      success_url: params.success_url,
      total_details: { amount_discount: discount, amount_shipping: 0, amount_tax: 0 },
      ui_mode: 'hosted_page',
      url: hostedPageUrl(id),
    };
    this.state.sessions[id] = {
      session,
      lineItems,
      paymentIntentData: {
        metadata: params.payment_intent_data?.metadata ?? {},
        description: params.payment_intent_data?.description ?? null,
      },
      awaitingSettlement: false,
    };
    this.persist();
    return copy(session);
  }

  private sessionExpiry(requested: number | undefined): number {
    const now = this.now();
    const expiresAt = requested ?? now + EXPIRY_MAX_SECONDS;
    if (expiresAt < now + EXPIRY_MIN_SECONDS || expiresAt > now + EXPIRY_MAX_SECONDS) {
      throw invalid(
        'expires_at',
        'The `expires_at` timestamp must be between 30 minutes and 24 hours after Checkout Session creation.',
      );
    }
    return expiresAt;
  }

  /** A page that saves a card for the customer and charges nothing: no amounts, no payment intent. */
  private createSetupSession(
    params: Omit<SetupSessionCreateParams, 'expand'>,
    hostedPageUrl: (id: string) => string,
  ): CheckoutSession {
    const customer = this.existingCustomer(params.customer, 'customer');
    if (params.currency === undefined && params.allowed_payment_method_types === undefined)
      throw invalid('currency', 'Required in `setup` mode when `allowed_payment_method_types` is not set.');
    const expiresAt = this.sessionExpiry(params.expires_at);
    const id = stripeId('cs_test_', 58);
    const session: CheckoutSession = {
      id,
      object: 'checkout.session',
      amount_subtotal: null,
      amount_total: null,
      cancel_url: params.cancel_url ?? null,
      client_reference_id: params.client_reference_id ?? null,
      created: this.now(),
      currency: params.currency ?? null,
      customer: customer.id,
      customer_details: null,
      customer_email: null,
      discounts: [],
      expires_at: expiresAt,
      livemode: false,
      locale: params.locale ?? null,
      metadata: params.metadata ?? {},
      mode: 'setup',
      payment_intent: null,
      payment_method_types: ['card'],
      payment_status: 'no_payment_required',
      saved_payment_method_options: null,
      setup_intent: null,
      status: 'open',
      submit_type: null,
      success_url: params.success_url,
      total_details: null,
      ui_mode: 'hosted_page',
      url: hostedPageUrl(id),
    };
    this.state.sessions[id] = {
      session,
      lineItems: [],
      paymentIntentData: {
        metadata: params.setup_intent_data?.metadata ?? {},
        description: params.setup_intent_data?.description ?? null,
      },
      awaitingSettlement: false,
    };
    this.persist();
    return copy(session);
  }

  /**
   * The customer entered a card on an open setup session's page: a card payment method attached to
   * the session's customer, a succeeded setup intent, the session complete, checkout.session.completed.
   */
  completeSetup(
    id: string,
    entered: { card: CardDetails; name: string },
    deliver = true,
  ): { session: CheckoutSession; setupIntent: SetupIntent; paymentMethod: PaymentMethod; event: EventRecord } {
    const record = this.openSession(id);
    if (record.session.mode !== 'setup') throw invalid(undefined, `Checkout Session ${id} is not in setup mode.`);
    const customer = this.customer(String(record.session.customer))!;
    const now = this.now();
    const paymentMethod: PaymentMethod = {
      id: stripeId('pm_'),
      object: 'payment_method',
      // Checkout saves a card the customer may be shown again on the merchant's pages.
      allow_redisplay: 'always',
      billing_details: { address: null, email: customer.email, name: entered.name, phone: null, tax_id: null },
      card: entered.card,
      created: now,
      customer: customer.id,
      livemode: false,
      metadata: {},
      type: 'card',
    };
    const setupIntent: SetupIntent = {
      id: stripeId('seti_'),
      object: 'setup_intent',
      created: now,
      customer: customer.id,
      description: record.paymentIntentData.description,
      livemode: false,
      metadata: { ...record.paymentIntentData.metadata },
      payment_method: paymentMethod.id,
      payment_method_types: ['card'],
      status: 'succeeded',
      usage: 'off_session',
    };
    (this.state.paymentMethods ??= {})[paymentMethod.id] = paymentMethod;
    (this.state.setupIntents ??= {})[setupIntent.id] = setupIntent;
    Object.assign(record.session, {
      status: 'complete',
      setup_intent: setupIntent.id,
      customer_details: {
        address: null,
        business_name: null,
        email: customer.email,
        individual_name: null,
        name: entered.name,
        phone: null,
        tax_exempt: 'none',
        tax_ids: [],
      },
    } satisfies Partial<CheckoutSession>);
    const event = this.emit('checkout.session.completed', record.session, undefined, deliver);
    return { session: copy(record.session), setupIntent: copy(setupIntent), paymentMethod: copy(paymentMethod), event };
  }

  setupIntent(id: string): SetupIntent | undefined {
    return copyOf(this.state.setupIntents?.[id]);
  }

  paymentMethod(id: string): PaymentMethod | undefined {
    return copyOf(this.state.paymentMethods?.[id]);
  }

  /** The saved cards a payment session's page offers: its customer's, as its redisplay filters allow. */
  offeredCards(session: CheckoutSession): PaymentMethod[] {
    if (session.mode !== 'payment' || session.customer === null) return [];
    const filters: string[] = session.saved_payment_method_options?.allow_redisplay_filters ?? ['always'];
    return this.customerPaymentMethods(String(session.customer), 100).data.filter((method) =>
      filters.includes(method.allow_redisplay ?? 'unspecified'),
    );
  }

  /** A customer's attached cards, newest first, as Stripe lists them. */
  customerPaymentMethods(customerId: string, limit = 10): { data: PaymentMethod[]; hasMore: boolean } {
    this.existingCustomer(customerId, 'customer');
    const attached = Object.values(this.state.paymentMethods ?? {})
      .filter((method) => method.customer === customerId)
      .sort((a, b) => b.created - a.created);
    return { data: copy(attached.slice(0, limit)), hasMore: attached.length > limit };
  }

  /** Detaching is permanent: the card can no longer be used or attached again. */
  detachPaymentMethod(id: string): PaymentMethod {
    const method = this.state.paymentMethods?.[id];
    if (!method) throw missing('payment_method', 'PaymentMethod', id);
    if (method.customer === null) {
      throw invalid(
        undefined,
        'The payment method you provided is not attached to a customer so detachment is impossible.',
      );
    }
    method.customer = null;
    this.persist();
    return copy(method);
  }

  createCoupon(params: Omit<CouponCreateParams, 'expand'>): Coupon {
    const coupon: Coupon = {
      id: stripeId('', 8),
      object: 'coupon',
      amount_off: params.amount_off,
      created: this.now(),
      currency: params.currency,
      duration: params.duration,
      livemode: false,
      max_redemptions: params.max_redemptions ?? null,
      metadata: params.metadata ?? {},
      name: params.name ?? null,
      percent_off: null,
      times_redeemed: 0,
      valid: true,
    };
    (this.state.coupons ??= {})[coupon.id] = coupon;
    this.persist();
    return copy(coupon);
  }

  coupon(id: string): Coupon | undefined {
    return copyOf(this.state.coupons?.[id]);
  }

  /** A session's coupon, as Stripe refuses one that does not exist or is used up. */
  private redeemableCoupon(id: string | undefined): Coupon | undefined {
    if (id === undefined) return undefined;
    const coupon = this.state.coupons?.[id];
    if (!coupon) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such coupon: '${id}'`,
        param: 'discounts[0][coupon]',
      });
    }
    if (!coupon.valid) throw invalid('discounts[0][coupon]', `This coupon (${id}) is no longer valid.`);
    return coupon;
  }

  /** A completed session redeems its coupon; a coupon redeemed as often as it may be is no longer valid. */
  private redeem(session: CheckoutSession): void {
    const couponId = session.discounts?.[0]?.coupon;
    const coupon = typeof couponId === 'string' ? this.state.coupons?.[couponId] : undefined;
    if (!coupon) return;
    coupon.times_redeemed += 1;
    if (coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions) coupon.valid = false;
  }

  session(id: string): CheckoutSession | undefined {
    return copyOf(this.state.sessions[id]?.session);
  }

  lineItems(sessionId: string): LineItem[] | undefined {
    return copyOf(this.state.sessions[sessionId]?.lineItems);
  }

  /** Whether the session was paid with a delayed method and is not settled yet. */
  awaitsSettlement(sessionId: string): boolean {
    return this.state.sessions[sessionId]?.awaitingSettlement ?? false;
  }

  paymentIntent(id: string): PaymentIntent | undefined {
    return copyOf(this.state.paymentIntents[id]);
  }

  charge(id: string): Charge | undefined {
    return copyOf(this.state.charges[id]);
  }

  refund(id: string): Refund | undefined {
    return copyOf(this.state.refunds[id]);
  }

  /**
   * The customer paid an open session: a succeeded payment intent and charge (a processing one and a
   * pending charge for a delayed method), the session complete, checkout.session.completed.
   * `amountTotal` reports another amount paid than the session's (tests of the shop's amount check).
   * A session's customer pays with one of their cards the page offered (`savedCard`), or with a new
   * card that they may ask to save (`saveCard`, where the session enables it).
   */
  completeSession(
    id: string,
    payment: {
      card: CardDetails;
      email: string;
      name: string;
      amountTotal?: number;
      delayedPayment?: boolean;
      savedCard?: string;
      saveCard?: boolean;
    },
    deliver = true,
  ): { session: CheckoutSession; paymentIntent: PaymentIntent; event: EventRecord } {
    const record = this.openSession(id);
    const now = this.now();
    const amount = payment.amountTotal ?? record.session.amount_total ?? 0;
    const currency = record.session.currency ?? 'usd';
    const paymentIntentId = stripeId('pi_');
    const chargeId = stripeId('ch_');
    const paymentMethodId = payment.savedCard ?? stripeId('pm_');
    const customer = record.session.customer === null ? null : String(record.session.customer);
    if (payment.savedCard && !this.offeredCards(record.session).some((card) => card.id === payment.savedCard))
      throw invalid('payment_method', `No such PaymentMethod: '${payment.savedCard}'`);
    if (!payment.savedCard && payment.saveCard && customer !== null) {
      if (record.session.saved_payment_method_options?.payment_method_save !== 'enabled')
        throw invalid('payment_method_save', 'This Checkout Session does not offer to save the payment method.');
      (this.state.paymentMethods ??= {})[paymentMethodId] = {
        id: paymentMethodId,
        object: 'payment_method',
        allow_redisplay: 'always',
        billing_details: { address: null, email: payment.email, name: payment.name, phone: null, tax_id: null },
        card: payment.card,
        created: now,
        customer,
        livemode: false,
        metadata: {},
        type: 'card',
      };
    }
    const settled = !payment.delayedPayment;
    const { metadata, description } = record.paymentIntentData;
    this.state.charges[chargeId] = {
      id: chargeId,
      object: 'charge',
      amount,
      amount_captured: settled ? amount : 0,
      amount_refunded: 0,
      billing_details: { address: null, email: payment.email, name: payment.name, phone: null, tax_id: null },
      captured: settled,
      created: now,
      currency,
      description,
      failure_code: null,
      failure_message: null,
      livemode: false,
      // Stripe copies the payment intent's metadata onto its charges.
      metadata: { ...metadata },
      paid: settled,
      payment_intent: paymentIntentId,
      payment_method: paymentMethodId,
      payment_method_details: { type: 'card', card: payment.card },
      receipt_email: payment.email,
      refunded: false,
      status: settled ? 'succeeded' : 'pending',
    };
    this.state.paymentIntents[paymentIntentId] = {
      id: paymentIntentId,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: settled ? amount : 0,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic_async',
      client_secret: `${paymentIntentId}_secret_${stripeId('', 25)}`,
      confirmation_method: 'automatic',
      created: now,
      currency,
      description,
      last_payment_error: null,
      latest_charge: chargeId,
      livemode: false,
      metadata: { ...metadata },
      payment_method: paymentMethodId,
      payment_method_types: ['card'],
      receipt_email: payment.email,
      status: settled ? 'succeeded' : 'processing',
    };
    this.redeem(record.session);
    Object.assign(record.session, {
      status: 'complete',
      payment_status: settled ? 'paid' : 'unpaid',
      payment_intent: paymentIntentId,
      amount_total: amount,
      customer_details: {
        address: null,
        business_name: null,
        email: payment.email,
        individual_name: null,
        name: payment.name,
        phone: null,
        tax_exempt: 'none',
        tax_ids: [],
      },
    } satisfies Partial<CheckoutSession>);
    record.awaitingSettlement = !settled;
    const event = this.emit('checkout.session.completed', record.session, undefined, deliver);
    return { session: copy(record.session), paymentIntent: copy(this.state.paymentIntents[paymentIntentId]!), event };
  }

  /** A delayed payment's outcome: the money arrived (paid) or did not (the payment intent needs a new method). */
  settleDelayedPayment(
    id: string,
    outcome: 'succeeded' | 'failed',
    deliver = true,
  ): { session: CheckoutSession; paymentIntent: PaymentIntent; event: EventRecord } {
    const record = this.state.sessions[id];
    if (!record) throw missing('session', 'checkout.session', id);
    if (!record.awaitingSettlement) {
      throw new StripeApiError(409, {
        type: 'invalid_request_error',
        message: `Checkout Session ${id} was not paid with a delayed method or is already settled.`,
      });
    }
    const paymentIntent = this.state.paymentIntents[record.session.payment_intent as string]!;
    const charge = this.state.charges[paymentIntent.latest_charge as string]!;
    if (outcome === 'succeeded') {
      Object.assign(paymentIntent, {
        status: 'succeeded',
        amount_received: paymentIntent.amount,
      } satisfies Partial<PaymentIntent>);
      Object.assign(charge, {
        status: 'succeeded',
        paid: true,
        captured: true,
        amount_captured: charge.amount,
      } satisfies Partial<Charge>);
      record.session.payment_status = 'paid';
    } else {
      Object.assign(paymentIntent, { status: 'requires_payment_method' } satisfies Partial<PaymentIntent>);
      Object.assign(charge, {
        status: 'failed',
        failure_code: 'payment_method_provider_decline',
        failure_message: 'The payment was declined.',
      } satisfies Partial<Charge>);
    }
    record.awaitingSettlement = false;
    const type =
      outcome === 'succeeded' ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed';
    const event = this.emit(type, record.session, undefined, deliver);
    return { session: copy(record.session), paymentIntent: copy(paymentIntent), event };
  }

  expireSession(id: string, deliver = true): { session: CheckoutSession; event: EventRecord } {
    const record = this.state.sessions[id];
    if (!record) throw missing('session', 'checkout.session', id);
    if (record.session.status !== 'open') {
      throw invalid(undefined, 'Only Checkout Sessions with a status in ["open"] can be expired.');
    }
    record.session.status = 'expired';
    const event = this.emit('checkout.session.expired', record.session, undefined, deliver);
    return { session: copy(record.session), event };
  }

  /** Expires every open session past its expires_at, as Stripe does shortly after that time. */
  expireOverdue(): void {
    const now = this.now();
    for (const record of Object.values(this.state.sessions)) {
      if (record.session.status === 'open' && record.session.expires_at <= now) this.expireSession(record.session.id);
    }
  }

  /** A refund of a succeeded charge, whole or the given part of what is left; charge.refunded follows. */
  createRefund(params: {
    payment_intent?: string;
    charge?: string;
    amount?: number;
    reason?: Refund['reason'];
    metadata?: Record<string, string>;
  }): Refund {
    let charge: Charge | undefined;
    if (params.charge) {
      charge = this.state.charges[params.charge];
      if (!charge) throw missing('charge', 'charge', params.charge);
    } else if (params.payment_intent) {
      const paymentIntent = this.state.paymentIntents[params.payment_intent];
      if (!paymentIntent) throw missing('payment_intent', 'payment_intent', params.payment_intent);
      charge =
        paymentIntent.status === 'succeeded' ? this.state.charges[paymentIntent.latest_charge as string] : undefined;
      if (!charge) {
        throw invalid(
          'payment_intent',
          `This PaymentIntent (${paymentIntent.id}) does not have a successful charge to refund.`,
        );
      }
    } else {
      throw invalid(
        undefined,
        'One of the following params should be provided for this request: payment_intent or charge.',
      );
    }
    if (charge.status !== 'succeeded')
      throw invalid('charge', `Charge ${charge.id} has not succeeded and cannot be refunded.`);
    const left = charge.amount - charge.amount_refunded;
    if (left === 0) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge ${charge.id} has already been refunded.`,
      });
    }
    const amount = params.amount ?? left;
    if (amount > left) {
      throw invalid(
        'amount',
        `Refund amount (${formatCents(amount)}) is greater than unrefunded amount on charge (${formatCents(left)})`,
      );
    }
    const refund: Refund = {
      id: stripeId('re_'),
      object: 'refund',
      amount,
      charge: charge.id,
      created: this.now(),
      currency: charge.currency,
      metadata: params.metadata ?? {},
      payment_intent: charge.payment_intent,
      reason: params.reason ?? null,
      status: 'succeeded',
    };
    this.state.refunds[refund.id] = refund;
    const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    this.emit('charge.refunded', charge, previous);
    return copy(refund);
  }

  createCustomer(params: Omit<CustomerCreateParams, 'expand'>): Customer {
    const customer: Customer = {
      id: stripeId('cus_', 14),
      object: 'customer',
      created: this.now(),
      description: params.description ?? null,
      email: params.email ?? null,
      livemode: false,
      metadata: params.metadata ?? {},
      name: params.name ?? null,
    };
    (this.state.customers ??= {})[customer.id] = {
      ...customer,
      invoicePrefix: stripeId('', 8).toUpperCase(),
      invoiceCount: 0,
    };
    this.persist();
    return copy(customer);
  }

  customer(id: string): Customer | undefined {
    const record = this.state.customers?.[id];
    if (!record) return undefined;
    const { invoicePrefix: _prefix, invoiceCount: _count, ...customer } = record;
    return copy(customer);
  }

  /**
   * Deleting is permanent, as at Stripe: the customer's cards are detached and the customer is gone
   * (a second delete answers resource_missing); its invoices stay.
   */
  deleteCustomer(id: string): { id: string; object: 'customer'; deleted: true } {
    this.existingCustomer(id, 'id');
    for (const method of Object.values(this.state.paymentMethods ?? {}))
      if (method.customer === id) method.customer = null;
    delete this.state.customers![id];
    this.persist();
    return { id, object: 'customer', deleted: true };
  }

  /** An amount billed to a customer: on the draft invoice named, or pending for their next invoice. */
  createInvoiceItem(params: Omit<InvoiceItemCreateParams, 'expand'>): InvoiceItem {
    this.existingCustomer(params.customer, 'customer');
    if (params.amount === undefined) throw missingParam('amount');
    if (params.currency === undefined) throw missingParam('currency');
    let invoice: Invoice | undefined;
    if (params.invoice !== undefined) {
      invoice = this.state.invoices?.[params.invoice];
      if (!invoice) throw missing('invoice', 'invoice', params.invoice);
      if (invoice.customer !== params.customer)
        throw invalid('invoice', `Invoice ${invoice.id} does not belong to customer ${params.customer}.`);
      if (invoice.status !== 'draft')
        throw invalid(
          'invoice',
          `Invoice ${invoice.id} is no longer a draft: invoice items can be added to draft invoices only.`,
        );
    }
    const item: InvoiceItem = {
      id: stripeId('ii_'),
      object: 'invoiceitem',
      amount: params.amount,
      currency: params.currency,
      customer: params.customer,
      date: this.now(),
      description: params.description ?? null,
      invoice: invoice?.id ?? null,
      livemode: false,
      metadata: params.metadata ?? {},
      quantity: 1,
    };
    (this.state.invoiceItems ??= {})[item.id] = item;
    if (invoice) this.addLine(invoice, item);
    this.persist();
    return copy(item);
  }

  /**
   * A draft invoice. `send_invoice` needs one of due_date (in the future) and days_until_due;
   * pending invoice items are taken only with pending_invoice_items_behavior=include (Stripe's
   * default is exclude).
   */
  createInvoice(params: Omit<InvoiceCreateParams, 'expand'>): Invoice {
    const customer = this.existingCustomer(params.customer, 'customer');
    const now = this.now();
    const collection = params.collection_method ?? 'charge_automatically';
    let dueDate: number | null = null;
    if (collection === 'send_invoice') {
      if (params.due_date !== undefined && params.days_until_due !== undefined)
        throw invalid('due_date', 'You may only specify one of these parameters: days_until_due, due_date.');
      if (params.due_date === undefined && params.days_until_due === undefined)
        throw invalid(
          'days_until_due',
          'Invoices with `collection_method=send_invoice` must have either `days_until_due` or `due_date` set.',
        );
      dueDate = params.due_date ?? now + params.days_until_due! * 24 * 60 * 60;
      if (dueDate <= now) throw invalid('due_date', 'The `due_date` must be in the future.');
    } else if (params.due_date !== undefined || params.days_until_due !== undefined) {
      throw invalid(
        params.due_date !== undefined ? 'due_date' : 'days_until_due',
        'Invoices with `collection_method=charge_automatically` cannot have a due date.',
      );
    }
    const options = params.payment_settings?.payment_method_options;
    const invoice: Invoice = {
      id: stripeId('in_'),
      object: 'invoice',
      amount_due: 0,
      amount_paid: 0,
      amount_remaining: 0,
      attempt_count: 0,
      attempted: false,
      auto_advance: params.auto_advance ?? collection === 'charge_automatically',
      collection_method: collection,
      created: now,
      currency: params.currency ?? 'usd',
      custom_fields: params.custom_fields ?? null,
      customer: customer.id,
      customer_email: customer.email,
      customer_name: customer.name ?? null,
      description: params.description ?? null,
      due_date: dueDate,
      footer: params.footer ?? null,
      hosted_invoice_url: null,
      invoice_pdf: null,
      lines: { object: 'list', data: [], has_more: false, url: '' },
      livemode: false,
      metadata: params.metadata ?? {},
      number: null,
      payment_settings: {
        payment_method_types: params.payment_settings?.payment_method_types ?? null,
        payment_method_options: options?.customer_balance ? { customer_balance: options.customer_balance } : null,
      },
      status: 'draft',
      status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
      subtotal: 0,
      total: 0,
    };
    invoice.lines.url = `/v1/invoices/${invoice.id}/lines`;
    (this.state.invoices ??= {})[invoice.id] = invoice;
    if (params.pending_invoice_items_behavior === 'include') {
      for (const item of Object.values(this.state.invoiceItems ?? {})) {
        if (item.customer === customer.id && item.invoice === null) {
          item.invoice = invoice.id;
          this.addLine(invoice, item);
        }
      }
    }
    this.persist();
    return copy(invoice);
  }

  invoice(id: string): Invoice | undefined {
    return copyOf(this.state.invoices?.[id]);
  }

  /**
   * A draft becomes open: its number, its hosted page and invoice.finalized. An invoice of nothing
   * due is paid at once (invoice.paid), as at Stripe.
   */
  finalizeInvoice(id: string, hostedInvoiceUrl: (id: string) => string): Invoice {
    const invoice = this.existingInvoice(id);
    if (invoice.status !== 'draft')
      throw invalid(undefined, "This invoice is already finalized, you can't re-finalize a non-draft invoice.");
    const customer = this.state.customers![invoice.customer]!;
    customer.invoiceCount += 1;
    const now = this.now();
    Object.assign(invoice, {
      status: 'open',
      number: `${customer.invoicePrefix}-${String(customer.invoiceCount).padStart(4, '0')}`,
      hosted_invoice_url: hostedInvoiceUrl(invoice.id),
      status_transitions: { ...invoice.status_transitions, finalized_at: now },
    } satisfies Partial<Invoice>);
    this.emit('invoice.finalized', invoice, undefined);
    if (invoice.amount_due === 0) this.markInvoicePaid(invoice, true);
    return copy(invoice);
  }

  /** Stripe mails an open invoice's link to its customer; the stand-in sends no mail and answers the invoice. */
  sendInvoice(id: string): Invoice {
    const invoice = this.existingInvoice(id);
    if (invoice.status !== 'open')
      throw invalid(undefined, `You can only send an invoice that is open; this one is ${invoice.status}.`);
    if (invoice.collection_method !== 'send_invoice')
      throw invalid(undefined, 'You can only send an invoice with `collection_method=send_invoice`.');
    return copy(invoice);
  }

  /**
   * An open invoice is voided: it can no longer be paid, and stays for the record (voiding is final).
   * A draft is deleted rather than voided, a paid or void one cannot be. Stripe's invoice.voided goes
   * only to endpoints subscribed to it, and the shop's is not (it voids its invoices itself).
   */
  voidInvoice(id: string): Invoice {
    const invoice = this.existingInvoice(id);
    if (invoice.status !== 'open')
      throw invalid(undefined, `You can only void an open invoice; this invoice is ${invoice.status}.`);
    Object.assign(invoice, {
      status: 'void',
      status_transitions: { ...invoice.status_transitions, voided_at: this.now() },
    } satisfies Partial<Invoice>);
    this.persist();
    return copy(invoice);
  }

  /** The customer paid an open invoice on its hosted page, by card or bank transfer: invoice.paid follows. */
  payInvoice(id: string, method: InvoicePaymentMethod, deliver = true): { invoice: Invoice; event: EventRecord } {
    const invoice = this.existingInvoice(id);
    if (invoice.status !== 'open') {
      throw new StripeApiError(409, {
        type: 'invalid_request_error',
        message: `Invoice ${id} is ${invoice.status}, not open.`,
      });
    }
    const accepted = invoice.payment_settings.payment_method_types ?? ['card'];
    if (!accepted.includes(method))
      throw invalid('payment_method', `Invoice ${id} does not accept ${method} (it accepts ${accepted.join(', ')}).`);
    invoice.attempt_count += 1;
    invoice.attempted = true;
    const event = this.markInvoicePaid(invoice, deliver);
    return { invoice: copy(invoice), event };
  }

  private markInvoicePaid(invoice: Invoice, deliver: boolean): EventRecord {
    Object.assign(invoice, {
      status: 'paid',
      amount_paid: invoice.amount_due,
      amount_remaining: 0,
      status_transitions: { ...invoice.status_transitions, paid_at: this.now() },
    } satisfies Partial<Invoice>);
    return this.emit('invoice.paid', invoice, { status: 'open' }, deliver);
  }

  private addLine(invoice: Invoice, item: InvoiceItem): void {
    invoice.lines.data.push({
      id: stripeId('il_'),
      object: 'line_item',
      amount: item.amount,
      currency: item.currency,
      description: item.description,
      invoice: invoice.id,
      livemode: false,
      metadata: item.metadata ?? {},
      quantity: item.quantity,
    });
    invoice.subtotal += item.amount;
    invoice.total += item.amount;
    invoice.amount_due += item.amount;
    invoice.amount_remaining += item.amount;
  }

  private existingCustomer(id: string, param: string): Customer {
    const customer = this.customer(id);
    if (!customer) throw missing(param, 'customer', id);
    return customer;
  }

  private existingInvoice(id: string): Invoice {
    const invoice = this.state.invoices?.[id];
    if (!invoice) throw missing('invoice', 'invoice', id);
    return invoice;
  }

  events(): EventRecord[] {
    return copy(this.state.events);
  }

  event(id: string): EventRecord | undefined {
    return copyOf(this.state.events.find((record) => record.event.id === id));
  }

  recordAttempt(eventId: string, attempt: DeliveryAttempt): void {
    const record = this.state.events.find((candidate) => candidate.event.id === eventId);
    if (!record) return;
    record.deliveries.push(attempt);
    if (attempt.response && attempt.response.status >= 200 && attempt.response.status < 300)
      record.delivery = 'delivered';
    this.persist();
  }

  /** The automatic attempts ran out without a 2xx. */
  markUndeliverable(eventId: string): void {
    const record = this.state.events.find((candidate) => candidate.event.id === eventId);
    if (record?.delivery !== 'pending') return;
    record.delivery = 'failed';
    this.persist();
  }

  idempotentResult(key: string): IdempotentResult | undefined {
    const saved = this.state.idempotency[key];
    return saved && saved.savedAt > this.now() - IDEMPOTENCY_KEY_SECONDS ? saved : undefined;
  }

  saveIdempotentResult(key: string, result: Omit<IdempotentResult, 'savedAt'>): void {
    this.state.idempotency[key] = { ...result, savedAt: this.now() };
    this.persist();
  }

  /** Waits until every change so far is on disk. */
  async flush(): Promise<void> {
    await this.writing;
  }

  private openSession(id: string): SessionRecord {
    const record = this.state.sessions[id];
    if (!record) throw missing('session', 'checkout.session', id);
    if (record.session.status !== 'open') {
      throw new StripeApiError(409, {
        type: 'invalid_request_error',
        message: `Checkout Session ${id} is ${record.session.status}, not open.`,
      });
    }
    return record;
  }

  private emit(
    type: WebhookEventType,
    object: StripeObject,
    previousAttributes: Record<string, unknown> | undefined,
    deliver = true,
  ): EventRecord {
    const record: EventRecord = {
      event: {
        id: stripeId('evt_'),
        object: 'event',
        api_version: STRIPE_API_VERSION,
        created: this.now(),
        data: { object: copy(object), ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      },
      delivery: deliver ? 'pending' : 'held',
      deliveries: [],
    };
    this.state.events.push(record);
    this.persist();
    if (deliver) this.onEvent(copy(record));
    return copy(record);
  }

  /** Writes the whole state after the current write; changes made meanwhile share the next write. */
  private persist(): void {
    if (this.writeQueued) return;
    this.writeQueued = true;
    this.writing = this.writing
      .then(async () => {
        this.writeQueued = false;
        const temporary = `${this.file}.tmp`;
        await writeFile(temporary, JSON.stringify(this.state));
        await rename(temporary, this.file);
      })
      .catch((error: unknown) => console.error('[local stripe] could not save its state:', error));
  }
}

function copy<T>(value: T): T {
  return structuredClone(value);
}

function copyOf<T>(value: T | undefined): T | undefined {
  return value === undefined ? undefined : structuredClone(value);
}

function invalid(param: string | undefined, message: string): StripeApiError {
  return new StripeApiError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) });
}

function missingParam(param: string): StripeApiError {
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    message: `Missing required param: ${param}.`,
    param,
  });
}

function missing(param: string, objectName: string, id: string): StripeApiError {
  return new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${objectName}: '${id}'`,
    param,
  });
}
