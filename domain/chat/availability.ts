/**
 * What the widget says when no staff member is connected: messages are still taken, and answered
 * within the office hours of domain/business.ts (the one reading of them the site uses).
 */
import { OFFICE_HOURS } from '../business';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The office hours as the widget lists them. */
export const OFFICE_HOURS_LINES = OFFICE_HOURS.days.map(({ label, text }) => ({ label, text }));

function hoursOf(weekday: (typeof WEEKDAYS)[number]): { opens: string; closes: string } | undefined {
  const day = OFFICE_HOURS.days.find((entry) => (entry.schemaDays as readonly string[]).includes(weekday));
  return day?.opens && day.closes ? { opens: day.opens, closes: day.closes } : undefined;
}

/** Weekday and minutes since midnight in the shop's time zone. */
function shopClock(now: Date): { weekdayIndex: number; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: OFFICE_HOURS.timeZone,
    weekday: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    weekdayIndex: WEEKDAYS.indexOf(part('weekday') as (typeof WEEKDAYS)[number]),
    minutes: Number(part('hour')) * 60 + Number(part('minute')),
  };
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** "07:30" → "7:30 AM". */
function clockText(hhmm: string): string {
  const minutes = minutesOf(hhmm);
  const hour = Math.floor(minutes / 60);
  return `${hour % 12 || 12}:${String(minutes % 60).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** When the shop answers a message left at `now`: "as soon as we can" within office hours, else the next opening. */
export function answerTime(now: Date): string {
  const { weekdayIndex, minutes } = shopClock(now);
  const today = hoursOf(WEEKDAYS[weekdayIndex]!);
  if (today && minutes >= minutesOf(today.opens) && minutes < minutesOf(today.closes)) return 'as soon as we can';
  if (today && minutes < minutesOf(today.opens)) return `today at ${clockText(today.opens)}`;
  for (let ahead = 1; ahead <= 7; ahead++) {
    const weekday = WEEKDAYS[(weekdayIndex + ahead) % 7]!;
    const hours = hoursOf(weekday);
    if (hours) return `${ahead === 1 ? 'tomorrow' : weekday} at ${clockText(hours.opens)}`;
  }
  return 'as soon as we can';
}

/** The widget's line while nobody is online. */
export function offlineAnswerNote(now: Date): string {
  return `Nobody is online right now. Leave a message and we'll answer ${answerTime(now)}.`;
}
