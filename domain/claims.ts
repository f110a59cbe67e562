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

/**
 * Made-to-measure blinds are made in this long after the order, with no rush option. Written out
 * rather than read from calendar/lead-times.ts, to keep that out of every page's first load;
 * calendar.test.ts holds the two to the same figures, as it does DELIVERY_TIME.
 */
export const PRODUCTION_TIME = '7-10 business days';

/** Once made, an order arrives in this long (free local delivery in DFW, shipping elsewhere); samples ship in as long. */
export const DELIVERY_TIME = '3-5 days';

/** Sample orders are processed this long after payment, then ship in DELIVERY_TIME. */
export const SAMPLE_PROCESSING_TIME = '3-7 business days';

/**
 * When blinds arrive, said one way on every page (issue 25, defect 10): made in PRODUCTION_TIME,
 * then delivered in DELIVERY_TIME. Never "same week" and never "ships in 3-5 days" on its own: the
 * checkout and the shipping terms say production comes first.
 */
export const DELIVERY_CLAIM = {
  /** Completes a sentence: 'Custom blinds … made in 7-10 business days and delivered 3-5 days later.' */
  timing: `made in ${PRODUCTION_TIME} and delivered ${DELIVERY_TIME} later`,
  /** The top bar of every page and the mails' header. */
  note: `Free local delivery in DFW · Made in ${PRODUCTION_TIME}, delivered ${DELIVERY_TIME} later`,
} as const;

/**
 * Claims the shop no longer makes, for the tests that keep them from coming back (issue 25, defect
 * 10): same-week delivery or installation, which production alone rules out, and a cordless lift,
 * which no configurator offers (no grid or option prices one).
 */
export const WITHDRAWN_CLAIMS: readonly RegExp[] = [
  /same[- ]week/i,
  /cordless[- ]ready/i,
  /cordless by default/i,
  /cordless (lift|blinds|shades|products|option)/i,
  /\bships? (nationwide )?in \d/i,
];

/** Refunds reach the customer this long after the return is received. */
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
