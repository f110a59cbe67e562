/**
 * Whether the widget shows staff online, and what it says when it does not: messages are still
 * taken, and answered within the opening hours (the settings' until staff save others in admin).
 */
import { clockText, isOpenAt, minutesOf, shopClock, WEEKDAY_NAMES, WEEKDAYS, type WeeklyHours } from '../opening-hours';

/**
 * The widget's Online indicator: a member of staff is connected and the shop is open by the hours
 * staff saved. Outside them it shows offline (and when the shop answers) even while someone from
 * staff is still signed in: the hours are the promise made to customers.
 */
export function chatShowsOnline(week: WeeklyHours, now: Date, staffConnected: boolean): boolean {
  return staffConnected && isOpenAt(week, now);
}

/** When the shop answers a message left at `now`: "as soon as we can" within opening hours, else the next opening. */
export function answerTime(week: WeeklyHours, now: Date): string {
  if (isOpenAt(week, now)) return 'as soon as we can';
  const { weekday, minutes } = shopClock(now);
  const index = WEEKDAYS.indexOf(weekday);
  const today = week[weekday];
  if (today && minutes < minutesOf(today.opens)) return `today at ${clockText(today.opens)}`;
  for (let ahead = 1; ahead <= 7; ahead++) {
    const day = WEEKDAYS[(index + ahead) % 7]!;
    const hours = week[day];
    if (hours) return `${ahead === 1 ? 'tomorrow' : WEEKDAY_NAMES[day]} at ${clockText(hours.opens)}`;
  }
  return 'as soon as we can';
}

/** The widget's line while it shows staff offline. */
export function offlineAnswerNote(week: WeeklyHours, now: Date): string {
  return `Nobody is online right now. Leave a message and we'll answer ${answerTime(week, now)}.`;
}
