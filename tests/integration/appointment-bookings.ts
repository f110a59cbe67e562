/**
 * Measurement appointments as the appointments-*.test.ts files book them on the local stack: the
 * API called as a browser from an address of its own, a booking's form, the manage link its
 * confirmation mails, and the bookable days each file has to itself.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { expect, inject } from 'vitest';
import type { DayAvailability, SlotsAnswer } from '#domain/appointments/appointment';
import type { SlotLabel } from '#domain/appointments/schedule';
import { fetchFrom, newClientAddress } from '../support/client-address';
import { eventually } from '../support/eventually';
import { mailsFor, type OutboxMail } from '../support/outbox';
import { pastRouteThrottle, ROUTE_THROTTLE_MESSAGE } from '../support/route-throttle';

const baseUrl = inject('baseUrl');

type Answer = { status: number; body: any };

export async function call(
  method: string,
  path: string,
  body?: unknown,
  options: { token?: string; from?: string } = {},
): Promise<Answer> {
  const send = fetchFrom(options.from ?? newClientAddress());
  const request = () =>
    send(`${baseUrl}/api${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(options.token && { authorization: `Bearer ${options.token}` }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    }).then(async (response) => ({ status: response.status, body: (await response.json()) as any }));
  // The mail-sending routes share a throttle with every caller: a refused call is sent again, as a client backs off.
  return pastRouteThrottle(
    request,
    (answer) => answer.status === 429 && answer.body.message === ROUTE_THROTTLE_MESSAGE,
    500,
  );
}

/** A phone number of its own: one number holds at most two open appointments. */
const newPhone = () => `(214) ${randomInt(200, 1000)}-${String(randomInt(10_000)).padStart(4, '0')}`;

export function booking(date: string, time: SlotLabel, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Rosa Diaz',
    address: '1200 Main St, Dallas',
    zipCode: '75201',
    phone: newPhone(),
    email: `rosa-${randomUUID()}@example.com`,
    orderNumber: '',
    date,
    time,
    ...overrides,
  };
}

/** The manage link of the newest confirmation mailed to `email`. */
export async function manageToken(email: string, subjectStart: string): Promise<{ token: string; mail: OutboxMail }> {
  const mails = await eventually(
    () => mailsFor(baseUrl, email),
    (found) => found.some((mail) => mail.subject.startsWith(subjectStart)),
    10_000,
  );
  const mail = mails.find((found) => found.subject.startsWith(subjectStart));
  expect(mail, `a mail "${subjectStart}…" to ${email}`).toBeDefined();
  const token = /appointments\/manage\?token=([\w.%-]+)/.exec(mail!.text ?? '')?.[1];
  expect(token).toBeDefined();
  return { token: decodeURIComponent(token!), mail: mail! };
}

/**
 * How many bookable days each appointments-<file>.test.ts books on, each file's after those of the
 * files before it: the files run at once against one stack, and a test counts on its day's slots
 * starting empty, so no two files share a day.
 */
const DAYS_BOOKED_BY_FILE = { booking: 3, 'mailed-link': 8, staff: 3, limits: 5 } as const;
type BookingFile = keyof typeof DAYS_BOOKED_BY_FILE;

/** The days with every slot offered (`loadDays`, in the file's beforeAll), and the file's own share of them. */
export function bookableDays(file: BookingFile) {
  const files = Object.keys(DAYS_BOOKED_BY_FILE) as BookingFile[];
  const first = files.slice(0, files.indexOf(file)).reduce((sum, earlier) => sum + DAYS_BOOKED_BY_FILE[earlier], 0);
  const end = first + DAYS_BOOKED_BY_FILE[file];
  let days: DayAvailability[] = [];
  let nextDay = first;
  return {
    async loadDays(): Promise<DayAvailability[]> {
      const slots = (await call('GET', '/appointments/slots')).body as SlotsAnswer;
      days = slots.days.filter((day) => day.slots.length === 7);
      return days;
    },
    /** A bookable date no other test uses, so each test's slots start empty. */
    freshDate(): string {
      if (nextDay === end) throw new Error(`Count one more day for ${file} in DAYS_BOOKED_BY_FILE`);
      const day = days[nextDay++];
      if (!day) throw new Error('No bookable dates left');
      return day.date;
    },
  };
}
