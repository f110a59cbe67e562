/**
 * What the widget says when no staff member is online: messages are still taken, and answered
 * within the opening hours (the settings' until staff save others in admin).
 */
import { clockText, isOpenAt, shopClock, WEEKDAYS, type WeeklyHours } from '../business';

const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** When the shop answers a message left at `now`: "as soon as we can" within opening hours, else the next opening. */
export function answerTime(week: WeeklyHours, now: Date): string {
  if (isOpenAt(week, now)) return 'as soon as we can';
  const { weekday, minutes } = shopClock(now);
  const index = WEEKDAYS.indexOf(weekday);
  const today = week[weekday];
  if (today && minutes < minutesOf(today.opens)) return `today at ${clockText(today.opens)}`;
  for (let ahead = 1; ahead <= 7; ahead++) {
    const hours = week[WEEKDAYS[(index + ahead) % 7]!];
    if (hours) return `${ahead === 1 ? 'tomorrow' : WEEKDAY_NAMES[(index + ahead) % 7]} at ${clockText(hours.opens)}`;
  }
  return 'as soon as we can';
}

/** The widget's line while nobody is online. */
export function offlineAnswerNote(week: WeeklyHours, now: Date): string {
  return `Nobody is online right now. Leave a message and we'll answer ${answerTime(week, now)}.`;
}
