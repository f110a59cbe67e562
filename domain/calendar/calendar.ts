/**
 * The shop's business calendar (issue 29): which days it works, when an order placed now starts,
 * how long each product family is in production and how long delivery takes to each kind of
 * address, and from these the dates a customer is promised. Pure: the caller passes the instant and
 * the extra days staff closed the shop (admin). The numbers and why: docs/decisions/0062-delivery-dates.md.
 */
import { shopDateAt, shopInstant } from '../appointments/schedule';
import type { FamilyId } from '../catalogue/families';
import { isInDfwMetro, type Destination } from '../checkout/totals';
import { addDays } from './dates';
import type { DeliveryEstimate } from './estimate-schema';
import { isShopClosedOn, weekdayOf } from './holidays';
import { PRODUCTION_BUSINESS_DAYS, TRANSIT_BUSINESS_DAYS, type DeliveryZone } from './lead-times';

/** An order received on a working day up to this time (Central) starts that day; after it, the next working day. */
export const ORDER_CUTOFF_TIME = '14:00';
export const ORDER_CUTOFF_LABEL = '2 PM CT';

/** The zone of an address: the DFW metro (as free delivery reads it), the rest of Texas, or elsewhere. */
export function deliveryZoneOf(destination: Destination): DeliveryZone {
  if (isInDfwMetro(destination)) return 'dfw';
  return destination.state.trim().toUpperCase() === 'TX' ? 'texas' : 'elsewhere';
}

/** Monday to Friday, not a holiday (holidays.ts) and not a day staff closed the shop. */
export function isWorkingDay(date: string, closures: readonly string[]): boolean {
  return weekdayOf(date) % 6 !== 0 && !isShopClosedOn(date, closures);
}

export function nextWorkingDay(date: string, closures: readonly string[]): string {
  let next = addDays(date, 1);
  while (!isWorkingDay(next, closures)) next = addDays(next, 1);
  return next;
}

/** The working day `days` working days after `date` (`date` itself need not be one). */
export function addWorkingDays(date: string, days: number, closures: readonly string[]): string {
  let day = date;
  for (let counted = 0; counted < days; counted += 1) day = nextWorkingDay(day, closures);
  return day;
}

/** The working day an order placed at `now` is received: today before the cut-off on a working day, else the next working day. */
export function orderStartDate(now: Date, closures: readonly string[]): string {
  const today = shopDateAt(now);
  const beforeCutoff = now.getTime() < shopInstant(today, ORDER_CUTOFF_TIME).getTime();
  return beforeCutoff && isWorkingDay(today, closures) ? today : nextWorkingDay(today, closures);
}

/**
 * The dates for blinds of these families ordered at `now` to a zone: the slowest family's
 * production after the day the order is received, then the zone's transit. Null with no blinds.
 */
export function deliveryEstimate(input: {
  families: readonly FamilyId[];
  zone: DeliveryZone;
  now: Date;
  closures: readonly string[];
}): DeliveryEstimate | null {
  if (input.families.length === 0) return null;
  const production = Math.max(...input.families.map((family) => PRODUCTION_BUSINESS_DAYS[family]));
  const shipsBy = addWorkingDays(orderStartDate(input.now, input.closures), production, input.closures);
  return { shipsBy, deliveredBy: addWorkingDays(shipsBy, TRANSIT_BUSINESS_DAYS[input.zone], input.closures) };
}
