/** The price and measurement constants. */
import type { PriceFactor } from './money';

/** Wood: the displayed price is 0.7071 x the table price. */
export const WOOD_FACTOR: PriceFactor = { perTenThousand: 7071 };

/** Printed and premium faux wood: 0.429 x the table price, the table price shown as suggested retail. */
export const FAUX_WOOD_PREMIUM_FACTOR: PriceFactor = { perTenThousand: 4290 };

/**
 * Standard faux wood: the old shop did not show its factor. We use the 0.7071 of its price rule
 * ("faux wood and wood displayed price = 0.7071 x the table price"): the stock table then holds the
 * retail price, the customer saves 29%, in line with the "up to 30% less" wholesale claim, and the
 * stock rows 58.55, 63.10, 75.73 and 102.77 give the home page's featured prices $41.40 (25 x 72),
 * $44.62 (35 x 60), $53.55 (35 x 72) and $72.67 (47 x 72).
 */
export const FAUX_WOOD_STANDARD_FACTOR: PriceFactor = { perTenThousand: 7071 };

/** Vertical split draw: $10 per unit. */
export const SPLIT_DRAW_CENTS = 1000;

/** Fallbacks when a grid has no rows at all ("no table data"): faux wood and vertical only. */
export const FAUX_WOOD_FALLBACK_CENTS_PER_SQUARE_FOOT = 1500;
export const VERTICAL_FALLBACK_CENTS_PER_SQUARE_FOOT = 1200;

/**
 * A window measurement of an inside mount is made 0.5 inch narrower, so the blind clears the
 * frame (the roller copy's 1/4 inch is not what the shop applies). "Window (inside)" is read as:
 * the deduction applies to an inside mount measured at the window; an outside mount hangs over
 * the frame and is made at the size entered, whatever the measurement basis.
 */
export const WINDOW_WIDTH_DEDUCTION_EIGHTHS = 4;
