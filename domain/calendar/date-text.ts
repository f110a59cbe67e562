/**
 * How a promised date reads on the pages, apart from the calendar's rules so the cart, checkout and
 * My Account show dates without loading them.
 */
import type { DeliveryZone } from './lead-times';

/** How the site names each zone after "delivered by … ". */
export const DELIVERY_ZONE_LABELS: Readonly<Record<DeliveryZone, string>> = {
  dfw: 'to Dallas–Fort Worth',
  texas: 'to Texas addresses',
  elsewhere: 'to addresses outside Texas',
};

const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** "Tue, Dec 15": how a promised date reads beside "delivered by" (without Intl, whose first formatter is a long task in the browser). */
export function shortDate(date: string): string {
  return `${WEEKDAY_NAMES[new Date(`${date}T00:00:00Z`).getUTCDay()]}, ${MONTH_NAMES[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}`;
}
