/**
 * The promises the shop makes in its copy: what a customer saves and what they can send back.
 * Every page, meta description and mail that states one takes it from here, so the home page, the
 * product pages and the Returns page never disagree again (issue 14, defect 4). Why these readings:
 * docs/decisions/0024-claims.md.
 */
import { REMAKE_MAX_BLINDS, RETURN_WINDOW_DAYS } from './returns/terms';

/**
 * The wholesale claim, measured against the retail price of the price grids: the wood and
 * standard faux wood factor (0.7071) saves 29%, the roller sale prices 25-30%. Printed and premium
 * faux wood are priced against a suggested retail list price, which is shown but never claimed as
 * a saving. claims.test.ts holds the grids to this figure.
 */
export const WHOLESALE_SAVING_MAX_PERCENT = 30;

/** "up to 30% less than retail", completed by each page's own sentence. */
export const WHOLESALE_SAVING_CLAIM = `up to ${WHOLESALE_SAVING_MAX_PERCENT}% less than retail`;

/** The saving a quote states beside a retail price it is measured against. */
export function savingClaim(percent: number): string {
  return `Save ${percent}% off retail`;
}

/** Section 9: refunds reach the customer this long after the return is received. */
export const REFUND_TIME = '5-7 business days';

export { REMAKE_MAX_BLINDS, RETURN_WINDOW_DAYS };

/**
 * What a made-to-measure blind can come back for: a return when it arrives damaged, defective or
 * not as ordered, a Fit Assurance remake when it does not fit, never a change of mind.
 */
export const RETURNS_CLAIM = {
  /** The product facts' line on every product page. */
  productFact: `Made to measure: returnable within ${RETURN_WINDOW_DAYS} days of delivery if damaged, defective or not as ordered, not for a change of mind; Fit Assurance remakes blinds that do not fit.`,
  /** The Returns page's Standard Returns terms. */
  returns: `Returns are accepted within ${RETURN_WINDOW_DAYS} days of delivery for items that arrive damaged, defective, or different from what you ordered.`,
  refund: `Refunds go back to your original payment method within ${REFUND_TIME} after we receive the return.`,
  /** The Fit Assurance promise. */
  fitAssurance: `Fit Assurance gives you a one-time remake per order, for up to ${REMAKE_MAX_BLINDS} blinds: tell us the correct size within ${RETURN_WINDOW_DAYS} days of delivery and we rebuild the blinds that do not fit.`,
  /** One sentence for meta descriptions and mails. */
  summary: `Returns within ${RETURN_WINDOW_DAYS} days of delivery, refunds in ${REFUND_TIME}, and Fit Assurance: a one-time remake of up to ${REMAKE_MAX_BLINDS} custom blinds per order if they do not fit.`,
} as const;
