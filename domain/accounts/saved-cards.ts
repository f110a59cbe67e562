import * as z from 'zod';

/**
 * A client's cards saved with Stripe (Account Settings → Payment Methods): what the shop shows of
 * one. Stripe keeps the card; the shop keeps only the client's Stripe customer and reads the cards
 * from Stripe each time, so the list is never out of step with what Stripe would charge.
 */
export const savedCardViewSchema = z.object({
  /** Stripe's payment method id (`pm_…`): what a removal names. */
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});
export type SavedCardView = z.infer<typeof savedCardViewSchema>;

export const savedCardsSchema = z.object({ cards: z.array(savedCardViewSchema) });
export type SavedCards = z.infer<typeof savedCardsSchema>;

/** Where the browser goes to add a card: Stripe's hosted page, in setup mode. */
export const cardSetupSchema = z.object({ url: z.string() });
export type CardSetup = z.infer<typeof cardSetupSchema>;

/** A path's card id: Stripe's payment method ids are `pm_` and letters and digits. */
export const savedCardIdSchema = z.string().regex(/^pm_[A-Za-z0-9]{1,100}$/);

/** Stripe's brand names as a cardholder reads them. */
const BRAND_LABELS: Record<string, string> = {
  amex: 'American Express',
  diners: 'Diners Club',
  discover: 'Discover',
  eftpos_au: 'eftpos',
  jcb: 'JCB',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
};

export function cardBrandLabel(brand: string): string {
  return BRAND_LABELS[brand] ?? 'Card';
}

/** "Visa ending in 4242": the card's name in lists, buttons and toasts. */
export function savedCardName(card: Pick<SavedCardView, 'brand' | 'last4'>): string {
  return `${cardBrandLabel(card.brand)} ending in ${card.last4}`;
}

/** MM/YY */
export function cardExpiry(card: Pick<SavedCardView, 'expMonth' | 'expYear'>): string {
  return `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`;
}

/** Whether the card's expiry month is over (a card is good through the end of its month). */
export function cardExpired(card: Pick<SavedCardView, 'expMonth' | 'expYear'>, today: Date): boolean {
  return card.expYear * 12 + card.expMonth < today.getUTCFullYear() * 12 + today.getUTCMonth() + 1;
}

/** How many cards the tab lists: Stripe's largest page, more than anyone keeps. */
export const SAVED_CARDS_LIMIT = 100;

export const SAVED_CARD_MESSAGES = {
  notFound: 'This card is not saved on your account.',
} as const;
