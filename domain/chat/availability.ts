/**
 * Whether the widget shows staff online, and what it says when it does not: messages are still
 * taken, and answered within the opening hours (the settings' until staff save others in admin), on
 * the days the shop is open (not a holiday, not a day staff closed it).
 */
import { shopDateAt } from '../appointments/schedule';
import { addDays } from '../calendar/dates';
import { isShopClosedOn } from '../calendar/holidays';
import { clockText, isOpenAt, minutesOf, shopClock, WEEKDAY_NAMES, WEEKDAYS, type ShopHours } from '../opening-hours';

/** How far ahead the offline note looks for the next opening: two weeks outlast any run of closed days. */
const ANSWER_LOOKAHEAD_DAYS = 14;

const openAt = ({ week, closures }: ShopHours, now: Date) =>
  isOpenAt(week, now) && !isShopClosedOn(shopDateAt(now), closures);

/**
 * The widget's Online indicator: a member of staff is connected and the shop is open by the hours
 * staff saved, on a day it is not closed. Outside them it shows offline (and when the shop answers)
 * even while someone from staff is still signed in: the hours are the promise made to customers.
 */
export function chatShowsOnline(hours: ShopHours, now: Date, staffConnected: boolean): boolean {
  return staffConnected && openAt(hours, now);
}

/**
 * When the shop answers a message left at `now`: "as soon as we can" while it is open, else its next
 * opening, skipping closed days ("tomorrow", a weekday within the week, else the date).
 */
export function answerTime(hours: ShopHours, now: Date): string {
  if (openAt(hours, now)) return 'as soon as we can';
  const { week, closures } = hours;
  const { weekday, minutes } = shopClock(now);
  const todayDate = shopDateAt(now);
  const today = week[weekday];
  if (today && minutes < minutesOf(today.opens) && !isShopClosedOn(todayDate, closures))
    return `today at ${clockText(today.opens)}`;
  const index = WEEKDAYS.indexOf(weekday);
  for (let ahead = 1; ahead <= ANSWER_LOOKAHEAD_DAYS; ahead++) {
    const day = WEEKDAYS[(index + ahead) % 7]!;
    const date = addDays(todayDate, ahead);
    const opening = week[day];
    if (!opening || isShopClosedOn(date, closures)) continue;
    const when =
      ahead === 1 ? 'tomorrow' : ahead < 7 ? WEEKDAY_NAMES[day] : `${WEEKDAY_NAMES[day]}, ${monthDay(date)},`;
    return `${when} at ${clockText(opening.opens)}`;
  }
  return 'as soon as we can';
}

/** "December 28" of a YYYY-MM-DD date. */
const monthDay = (date: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric' }).format(
    new Date(`${date}T00:00:00Z`),
  );

/** The widget's line while it shows staff offline. */
export function offlineAnswerNote(hours: ShopHours, now: Date): string {
  return `Nobody is online right now. Leave a message and we'll answer ${answerTime(hours, now)}.`;
}
