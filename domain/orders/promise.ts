/**
 * Whether an order can still arrive by the date it was promised (decision 0062's estimate), from
 * where it stands today: what staff see flagged in the Orders tab. Pure: the caller passes the
 * instant and the days staff closed the shop.
 */
import { shopDateAt } from '../appointments/schedule';
import { addDays } from '../calendar/dates';
import { addWorkingDays, deliveryZoneOf, nextWorkingDay, orderStartDate } from '../calendar/calendar';
import { TRANSIT_BUSINESS_DAYS } from '../calendar/lead-times';
import type { Order } from './order';
import type { OrderStatus } from './statuses';

/** The statuses in which an order is still on its way to the customer: the ones its promise can be missed in. */
export const OPEN_ORDER_STATUSES = [
  'processing',
  'inProduction',
  'readyToShip',
  'shipped',
] as const satisfies readonly OrderStatus[];

export type PromiseOrder = Pick<Order, 'status' | 'estimate' | 'createdAt' | 'shippingAddress' | 'shipment'>;

/** The working days after `from` up to and including `to` (0 when `to` is not after it). */
function workingDaysBetween(from: string, to: string, closures: readonly string[]): number {
  let days = 0;
  for (let day = nextWorkingDay(from, closures); day <= to; day = nextWorkingDay(day, closures)) days += 1;
  return days;
}

/**
 * The earliest day the order can now be delivered, or null for an order with no promise or no
 * longer on its way. Not in production yet: the production days it was promised (from the day it
 * was received to its promised ship day) counted from the day an order received now starts, then
 * transit; in production or ready: shipped no earlier than that
 * start day (production is taken to finish by the promised ship day), then transit; shipped: its
 * ship day's transit, or tomorrow once that day has passed undelivered.
 */
export function earliestDelivery(order: PromiseOrder, now: Date, closures: readonly string[]): string | null {
  if (!order.estimate || !(OPEN_ORDER_STATUSES as readonly OrderStatus[]).includes(order.status)) return null;
  const transit = TRANSIT_BUSINESS_DAYS[deliveryZoneOf(order.shippingAddress)];
  const today = shopDateAt(now);
  if (order.status === 'shipped') {
    const shippedOn = order.shipment ? shopDateAt(new Date(order.shipment.shippedAt)) : today;
    const due = addWorkingDays(shippedOn, transit, closures);
    return due > today ? due : addDays(today, 1);
  }
  const start = orderStartDate(now, closures);
  if (order.status === 'processing') {
    const received = orderStartDate(new Date(order.createdAt), closures);
    const production = workingDaysBetween(received, order.estimate.shipsBy, closures);
    return addWorkingDays(addWorkingDays(start, production, closures), transit, closures);
  }
  const shipsOn = order.estimate.shipsBy > start ? order.estimate.shipsBy : start;
  return addWorkingDays(shipsOn, transit, closures);
}

/** Whether the order will miss its promised delivery date: its earliest delivery is after that date. */
export function missesPromise(order: PromiseOrder, now: Date, closures: readonly string[]): boolean {
  const earliest = earliestDelivery(order, now, closures);
  return earliest !== null && order.estimate !== null && earliest > order.estimate.deliveredBy;
}
