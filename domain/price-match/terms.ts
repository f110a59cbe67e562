/**
 * The Price Match Guarantee as the shop states it: on the product page (whose first load takes this
 * module alone), in the request dialog, the terms of service and the mails (price-match.ts re-exports it).
 */

/** How long the code for the difference can be used: its first day and 13 more. */
export const PRICE_MATCH_VALID_DAYS = 14;

/** How soon a customer hears back about a request. */
export const PRICE_MATCH_REPLY_TIME = '1-2 business days';

export const PRICE_MATCH_TERMS = {
  headline: 'Price Match Guarantee: found the same blind for less? We match the price.',
  terms: `We match a competitor's advertised price for the same product type, size and delivery, before you buy. Once we have checked it, we e-mail you a single-use code for the difference, valid ${PRICE_MATCH_VALID_DAYS} days.`,
  /** What the customer is told once a request is sent. */
  reply: `We will check the price and e-mail you within ${PRICE_MATCH_REPLY_TIME}.`,
} as const;
