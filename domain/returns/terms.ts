/**
 * The numbers of the returns terms, apart from return-request.ts's schemas so that pages quoting
 * them (domain/claims.ts, on every page) do not bring zod into the first load.
 */

/** Returns and remakes are asked for within 30 days of delivery. */
export const RETURN_WINDOW_DAYS = 30;
/** Fit Assurance remakes at most 10 blinds of an order, once. */
export const REMAKE_MAX_BLINDS = 10;
