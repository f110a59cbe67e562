/**
 * Payments: a session paid (its payment intent and charge, settled at once or, for a delayed
 * method, later) and refunds. `/v1/payment_intents`, `/v1/charges`, `/v1/refunds`.
 */
import { formatCents } from '#domain/pricing/money';
import type { CardDetails } from './cards';
import type { CheckoutSessions } from './checkout-sessions';
import type { Coupons } from './coupons';
import { invalid, missing, StripeApiError } from './errors';
import {
  stripeId,
  type Charge,
  type CheckoutSession,
  type EventRecord,
  type PaymentIntent,
  type Refund,
} from './objects';
import { copy, copyOf, type StandInContext } from './state';

export class Payments {
  constructor(
    private readonly context: StandInContext,
    private readonly sessions: CheckoutSessions,
    private readonly coupons: Coupons,
  ) {}

  paymentIntent(id: string): PaymentIntent | undefined {
    return copyOf(this.context.state.paymentIntents[id]);
  }

  charge(id: string): Charge | undefined {
    return copyOf(this.context.state.charges[id]);
  }

  refund(id: string): Refund | undefined {
    return copyOf(this.context.state.refunds[id]);
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
    const record = this.sessions.openSession(id);
    const now = this.context.now();
    const amount = payment.amountTotal ?? record.session.amount_total ?? 0;
    const currency = record.session.currency ?? 'usd';
    const paymentIntentId = stripeId('pi_');
    const chargeId = stripeId('ch_');
    const paymentMethodId = payment.savedCard ?? stripeId('pm_');
    const customer = record.session.customer === null ? null : String(record.session.customer);
    if (payment.savedCard && !this.sessions.offeredCards(record.session).some((card) => card.id === payment.savedCard))
      throw invalid('payment_method', `No such PaymentMethod: '${payment.savedCard}'`);
    if (!payment.savedCard && payment.saveCard && customer !== null) {
      if (record.session.saved_payment_method_options?.payment_method_save !== 'enabled')
        throw invalid('payment_method_save', 'This Checkout Session does not offer to save the payment method.');
      (this.context.state.paymentMethods ??= {})[paymentMethodId] = {
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
    this.context.state.charges[chargeId] = {
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
    this.context.state.paymentIntents[paymentIntentId] = {
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
    this.coupons.redeem(record.session);
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
    const event = this.context.emit('checkout.session.completed', record.session, undefined, deliver);
    return {
      session: copy(record.session),
      paymentIntent: copy(this.context.state.paymentIntents[paymentIntentId]!),
      event,
    };
  }

  /** A delayed payment's outcome: the money arrived (paid) or did not (the payment intent needs a new method). */
  settleDelayedPayment(
    id: string,
    outcome: 'succeeded' | 'failed',
    deliver = true,
  ): { session: CheckoutSession; paymentIntent: PaymentIntent; event: EventRecord } {
    const record = this.context.state.sessions[id];
    if (!record) throw missing('session', 'checkout.session', id);
    if (!record.awaitingSettlement) {
      throw new StripeApiError(409, {
        type: 'invalid_request_error',
        message: `Checkout Session ${id} was not paid with a delayed method or is already settled.`,
      });
    }
    const paymentIntent = this.context.state.paymentIntents[record.session.payment_intent as string]!;
    const charge = this.context.state.charges[paymentIntent.latest_charge as string]!;
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
    const event = this.context.emit(type, record.session, undefined, deliver);
    return { session: copy(record.session), paymentIntent: copy(paymentIntent), event };
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
      charge = this.context.state.charges[params.charge];
      if (!charge) throw missing('charge', 'charge', params.charge);
    } else if (params.payment_intent) {
      const paymentIntent = this.context.state.paymentIntents[params.payment_intent];
      if (!paymentIntent) throw missing('payment_intent', 'payment_intent', params.payment_intent);
      charge =
        paymentIntent.status === 'succeeded'
          ? this.context.state.charges[paymentIntent.latest_charge as string]
          : undefined;
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
      created: this.context.now(),
      currency: charge.currency,
      metadata: params.metadata ?? {},
      payment_intent: charge.payment_intent,
      reason: params.reason ?? null,
      status: 'succeeded',
    };
    this.context.state.refunds[refund.id] = refund;
    const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    this.context.emit('charge.refunded', charge, previous);
    return copy(refund);
  }
}
