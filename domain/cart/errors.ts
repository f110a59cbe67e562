/**
 * What the cart refuses, in the sentences the shopper reads (domain/errors.ts says how each kind is
 * answered).
 */
import { Conflict } from '../errors';
import { MAX_QUANTITY } from '../pricing/configuration';

export const CART_MESSAGES = {
  changed: 'Your cart changed in another window. Please reload the page and try again.',
  lineGone: 'This item is no longer in your cart.',
  lineQuantity: `A cart line holds at most ${MAX_QUANTITY.toLocaleString('en-US')} blinds.`,
} as const;

/** The cart is gone from under the caller: abandoned at sign-out in another window, or no longer theirs. */
export class CartChanged extends Conflict {
  constructor() {
    super(CART_MESSAGES.changed);
  }
}
