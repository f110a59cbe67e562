/** Coupons, and their redemption by the sessions that name them: `/v1/coupons`. */
import { invalid, StripeApiError } from './errors';
import { stripeId, type CheckoutSession, type Coupon } from './objects';
import type { CouponCreateParams } from './params';
import { copy, copyOf, type StandInContext } from './state';

export class Coupons {
  constructor(private readonly context: StandInContext) {}

  createCoupon(params: Omit<CouponCreateParams, 'expand'>): Coupon {
    const coupon: Coupon = {
      id: stripeId('', 8),
      object: 'coupon',
      amount_off: params.amount_off,
      created: this.context.now(),
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
    (this.context.state.coupons ??= {})[coupon.id] = coupon;
    this.context.persist();
    return copy(coupon);
  }

  coupon(id: string): Coupon | undefined {
    return copyOf(this.context.state.coupons?.[id]);
  }

  /** A session's coupon, as Stripe refuses one that does not exist or is used up. */
  redeemableCoupon(id: string | undefined): Coupon | undefined {
    if (id === undefined) return undefined;
    const coupon = this.context.state.coupons?.[id];
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
  redeem(session: CheckoutSession): void {
    const couponId = session.discounts?.[0]?.coupon;
    const coupon = typeof couponId === 'string' ? this.context.state.coupons?.[couponId] : undefined;
    if (!coupon) return;
    coupon.times_redeemed += 1;
    if (coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions) coupon.valid = false;
  }
}
