import type Stripe from 'stripe';

export type CardDetails = Pick<
  Stripe.Charge.PaymentMethodDetails.Card,
  'brand' | 'country' | 'exp_month' | 'exp_year' | 'funding' | 'last4'
>;

/** Stripe's test cards the stand-in knows: one that pays and one that is declined. */
const TEST_CARDS: Record<string, 'pays' | 'declined'> = {
  '4242424242424242': 'pays',
  '4000000000000002': 'declined',
};

export const CARD_DECLINED = 'Your card was declined.';
export const CARD_NUMBER_INVALID = 'Your card number is invalid.';

export type CardOutcome = { result: 'pays'; card: CardDetails } | { result: 'declined' | 'invalid'; message: string };

/** What paying with this card number does; spaces and dashes are ignored, as on Stripe's page. */
export function chargeCard(number: string, expiry: { month: number; year: number }): CardOutcome {
  const digits = number.replace(/[\s-]/g, '');
  const known = TEST_CARDS[digits];
  if (known === 'pays') {
    return {
      result: 'pays',
      card: {
        brand: 'visa',
        country: 'US',
        exp_month: expiry.month,
        exp_year: expiry.year,
        funding: 'credit',
        last4: digits.slice(-4),
      },
    };
  }
  if (known === 'declined') return { result: 'declined', message: CARD_DECLINED };
  return { result: 'invalid', message: CARD_NUMBER_INVALID };
}
