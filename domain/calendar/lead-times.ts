/**
 * How long blinds take (issue 29): business days in production by family and in transit by
 * destination, and the ranges the terms' copy states (claims.ts, held to them by calendar.test.ts).
 */
import type { FamilyId } from '../catalogue/families';

/**
 * Business days in production, by family, within the terms' 7-10 business days: mini blinds are
 * cut from stock slats, roller and vertical fabrics are cut and assembled, faux wood slats are cut
 * and routed, and real wood is cut, routed and finished.
 */
export const PRODUCTION_BUSINESS_DAYS: Readonly<Record<FamilyId, number>> = {
  'mini-blinds': 7,
  'roller-shades': 8,
  'vertical-blinds': 8,
  'faux-wood-blinds': 9,
  'wood-blinds': 10,
};

export const DELIVERY_ZONES = ['dfw', 'texas', 'elsewhere'] as const;
export type DeliveryZone = (typeof DELIVERY_ZONES)[number];

/** Business days from shipping to the door, within the terms' 3-5: the shop's own van in DFW, a carrier beyond. */
export const TRANSIT_BUSINESS_DAYS: Readonly<Record<DeliveryZone, number>> = {
  dfw: 3,
  texas: 4,
  elsewhere: 5,
};

const figures = (values: readonly number[]) => `${Math.min(...values)}-${Math.max(...values)}`;
/** "7-10": the range the families' production times span, as the terms state it. */
export const PRODUCTION_RANGE = figures(Object.values(PRODUCTION_BUSINESS_DAYS));
/** "3-5": the range the zones' transit times span. */
export const TRANSIT_RANGE = figures(Object.values(TRANSIT_BUSINESS_DAYS));
