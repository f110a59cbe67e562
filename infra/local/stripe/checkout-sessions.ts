/**
 * Checkout Sessions, in payment and setup mode: created, read, expired, and a setup session
 * completed with the card it saves (a payment session's completion is a payment: payments.ts).
 * `/v1/checkout/sessions`.
 */
import { discountShares } from '#domain/pricing/discounts';
import type { CardDetails } from './cards';
import type { Coupons } from './coupons';
import type { Customers } from './customers';
import { invalid, missing, StripeApiError } from './errors';
import {
  stripeId,
  type CheckoutSession,
  type EventRecord,
  type LineItem,
  type PaymentMethod,
  type SetupIntent,
} from './objects';
import type { SessionCreateParams, SetupSessionCreateParams } from './params';
import { copy, copyOf, type SessionRecord, type StandInContext } from './state';

/** Stripe answers at least $0.50 for a USD Checkout Session. */
const MINIMUM_AMOUNT_CENTS = 50;
/** expires_at may be 30 minutes to 24 hours after creation; a minute of slack for the caller's clock and the request's travel. */
const EXPIRY_MIN_SECONDS = 30 * 60 - 60;
const EXPIRY_MAX_SECONDS = 24 * 60 * 60;

export class CheckoutSessions {
  constructor(
    private readonly context: StandInContext,
    private readonly customers: Customers,
    private readonly coupons: Coupons,
  ) {}

  createSession(
    params: Omit<SessionCreateParams, 'expand'> | Omit<SetupSessionCreateParams, 'expand'>,
    hostedPageUrl: (id: string) => string,
  ): CheckoutSession {
    if (params.mode === 'setup') return this.createSetupSession(params, hostedPageUrl);
    if (params.customer !== undefined && params.customer_email !== undefined)
      throw invalid('customer_email', 'You may only specify one of these parameters: customer, customer_email.');
    if (params.customer !== undefined) this.customers.existingCustomer(params.customer, 'customer');
    if (params.saved_payment_method_options !== undefined && params.customer === undefined)
      throw invalid(
        'saved_payment_method_options',
        'saved_payment_method_options can only be used with an existing customer. Please set `customer` too.',
      );
    const now = this.context.now();
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
    const coupon = this.coupons.redeemableCoupon(params.discounts?.[0]?.coupon);
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
    this.context.state.sessions[id] = {
      session,
      lineItems,
      paymentIntentData: {
        metadata: params.payment_intent_data?.metadata ?? {},
        description: params.payment_intent_data?.description ?? null,
      },
      awaitingSettlement: false,
    };
    this.context.persist();
    return copy(session);
  }

  private sessionExpiry(requested: number | undefined): number {
    const now = this.context.now();
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
    const customer = this.customers.existingCustomer(params.customer, 'customer');
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
      created: this.context.now(),
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
    this.context.state.sessions[id] = {
      session,
      lineItems: [],
      paymentIntentData: {
        metadata: params.setup_intent_data?.metadata ?? {},
        description: params.setup_intent_data?.description ?? null,
      },
      awaitingSettlement: false,
    };
    this.context.persist();
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
    const customer = this.customers.customer(String(record.session.customer))!;
    const now = this.context.now();
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
    (this.context.state.paymentMethods ??= {})[paymentMethod.id] = paymentMethod;
    (this.context.state.setupIntents ??= {})[setupIntent.id] = setupIntent;
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
    const event = this.context.emit('checkout.session.completed', record.session, undefined, deliver);
    return { session: copy(record.session), setupIntent: copy(setupIntent), paymentMethod: copy(paymentMethod), event };
  }

  /** The saved cards a payment session's page offers: its customer's, as its redisplay filters allow. */
  offeredCards(session: CheckoutSession): PaymentMethod[] {
    if (session.mode !== 'payment' || session.customer === null) return [];
    const filters: string[] = session.saved_payment_method_options?.allow_redisplay_filters ?? ['always'];
    return this.customers
      .customerPaymentMethods(String(session.customer), 100)
      .data.filter((method) => filters.includes(method.allow_redisplay ?? 'unspecified'));
  }

  session(id: string): CheckoutSession | undefined {
    return copyOf(this.context.state.sessions[id]?.session);
  }

  lineItems(sessionId: string): LineItem[] | undefined {
    return copyOf(this.context.state.sessions[sessionId]?.lineItems);
  }

  expireSession(id: string, deliver = true): { session: CheckoutSession; event: EventRecord } {
    const record = this.context.state.sessions[id];
    if (!record) throw missing('session', 'checkout.session', id);
    if (record.session.status !== 'open') {
      throw invalid(undefined, 'Only Checkout Sessions with a status in ["open"] can be expired.');
    }
    record.session.status = 'expired';
    const event = this.context.emit('checkout.session.expired', record.session, undefined, deliver);
    return { session: copy(record.session), event };
  }

  /** Expires every open session past its expires_at, as Stripe does shortly after that time. */
  expireOverdue(): void {
    const now = this.context.now();
    for (const record of Object.values(this.context.state.sessions)) {
      if (record.session.status === 'open' && record.session.expires_at <= now) this.expireSession(record.session.id);
    }
  }

  openSession(id: string): SessionRecord {
    const record = this.context.state.sessions[id];
    if (!record) throw missing('session', 'checkout.session', id);
    if (record.session.status !== 'open') {
      throw new StripeApiError(409, {
        type: 'invalid_request_error',
        message: `Checkout Session ${id} is ${record.session.status}, not open.`,
      });
    }
    return record;
  }
}
