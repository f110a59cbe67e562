import { randomBytes } from 'node:crypto';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { SlotsAnswer } from '#domain/appointments/appointment';
import { holderLimitRefusal, OPEN_APPOINTMENTS_PER_HOLDER } from '#domain/appointments/holders';
import { EXAMPLE_BUSINESS as BUSINESS } from '../support/business';
import { fetchFrom } from '../support/client-address';
import { mailsFor, type OutboxMail } from '../support/outbox';
import { seriousAccessibilityViolations } from './support/accessibility';
import { browserForThisFile, gotoHydrated, holdRequests } from './support/browser';
import { signInAsStaff } from './support/identity';
import { toast } from './support/toast';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');
const staff = inject('staffAccount');
const browser = browserForThisFile();

const name = `Measure Guest ${randomBytes(3).toString('hex')}`;
const email = `measure-${randomBytes(4).toString('hex')}@example.com`;
const MEASURE_DIALOG = 'Schedule a Free Measurement';
/** The dialog opens by itself 5 s after load; a busy machine may take longer to get there. */
const AUTO_SHOW_WAIT_MS = 30_000;

interface Slot {
  date: string;
  time: string;
}

/** Free slots within the admin tab's week ahead (today in Chicago and six more days), earliest first. */
async function freeSlotsThisWeek(): Promise<Slot[]> {
  const answer = (await (await fetch(`${baseUrl}/api/appointments/slots`)).json()) as SlotsAnswer;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
  const lastShown = new Date(Date.parse(`${today}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10);
  return answer.days
    .filter((day) => day.date <= lastShown)
    .flatMap((day) => day.slots.filter((slot) => slot.available).map((slot) => ({ date: day.date, time: slot.time })));
}

/** Free slots after the admin tab's week ahead, so the tests that book this week keep theirs. */
async function freeSlotsLater(): Promise<Slot[]> {
  const answer = (await (await fetch(`${baseUrl}/api/appointments/slots`)).json()) as SlotsAnswer;
  return answer.days
    .slice(8)
    .flatMap((day) => day.slots.filter((slot) => slot.available).map((slot) => ({ date: day.date, time: slot.time })));
}

/** The UTC instant of a wall-clock slot in Central time, as a calendar's DTSTART…Z reads, worked out here with Intl alone. */
function centralSlotInUtc({ date, time }: Slot): string {
  const [, hour, minute, half] = /^(\d+):(\d+) (AM|PM)$/.exec(time)!;
  const wallClock = Date.parse(
    `${date}T${String((Number(hour) % 12) + (half === 'PM' ? 12 : 0)).padStart(2, '0')}:${minute}:00Z`,
  );
  const zoneName = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', timeZoneName: 'longOffset' })
    .formatToParts(new Date(wallClock + 6 * 3_600_000))
    .find((part) => part.type === 'timeZoneName')!.value;
  const [, sign, hours, minutes] = /GMT([+-])(\d{2}):(\d{2})/.exec(zoneName)!;
  const offsetMs = (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes)) * 60_000;
  return new Date(wallClock - offsetMs)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** Whether the time select offers `time` (a taken slot's option is disabled; all are until the day's slots load). */
const offered = (select: Locator, time: string) =>
  select.locator(`option[value="${time}"]`).evaluate((option) => !(option as HTMLOptionElement).disabled);

async function openMeasureDialog(page: Page, opener: string) {
  await gotoHydrated(page, `${baseUrl}/`);
  await page.getByRole('button', { name: opener }).first().click();
  const dialog = page.getByRole('dialog', { name: MEASURE_DIALOG });
  await dialog.getByLabel('Name').waitFor();
  return dialog;
}

async function openAppointmentsTab(page: Page, width: number, who = name) {
  await signInAsStaff(page, baseUrl, staff);
  if (width < 768) await page.getByLabel('Admin section').selectOption('appointments');
  else await page.getByRole('tab', { name: 'Appointments' }).click();
  return page.getByRole('listitem').filter({ hasText: who });
}

/** Books `slot` for a guest through the API and returns the manage link of the confirmation mailed to them. */
async function bookAndMailedLink(slot: Slot, guest: { name: string; email: string; phone: string }): Promise<string> {
  const booked = await fetchFrom()(`${baseUrl}/api/appointments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...guest, address: '1200 Main St', zipCode: '75201', orderNumber: '', ...slot }),
  });
  expect(booked.status).toBe(201);
  let confirmation: OutboxMail | undefined;
  await expect
    .poll(
      async () =>
        (confirmation = (await mailsFor(baseUrl, guest.email)).find((mail) =>
          mail.subject.startsWith('Your free measurement is booked'),
        )),
      { timeout: 30_000 },
    )
    .toBeDefined();
  const link = new URL(/Reschedule or cancel: (\S+)/.exec(confirmation!.text ?? '')?.[1] ?? 'http://no-link');
  return `${baseUrl}${link.pathname}${link.search}`;
}

/** /config.json as the shop serves it, with the dialog's auto-show switched on (the test stack has it off). */
async function withAutoShow(context: BrowserContext) {
  await context.route('**/config.json', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), measurePopup: { autoShow: true } } });
  });
}

/** Books `slot` as this file's guest through the dialog on the home page, which then says it is booked. */
async function bookInTheDialog(page: Page, slot: Slot) {
  const dialog = await openMeasureDialog(page, 'Schedule a Measure');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Address').fill('1200 Main St');
  await dialog.getByLabel('ZIP code').fill('75201');
  await dialog.getByLabel('Phone').fill('214-555-0147');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Date').fill(slot.date);
  await expect.poll(() => offered(dialog.getByLabel('Time'), slot.time)).toBe(true);
  await dialog.getByLabel('Time').selectOption(slot.time);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await dialog.getByRole('status').filter({ hasText: 'Your free measurement is booked' }).waitFor();
  expect(await dialog.textContent()).toContain(slot.time);
}

/** The confirmation mail carries a calendar file at the slot's time and the manage link. Answers the link. */
async function expectTheConfirmationWithItsCalendarFile(slot: Slot): Promise<URL> {
  let confirmation: OutboxMail | undefined;
  await expect
    .poll(
      async () =>
        (confirmation = (await mailsFor(baseUrl, email)).find((mail) =>
          mail.subject.startsWith('Your free measurement is booked'),
        )),
      { timeout: 30_000 },
    )
    .toBeDefined();
  const ics = Buffer.from(
    confirmation!.attachments!.find((file) => file.fileName.endsWith('.ics'))!.contentBase64,
    'base64',
  ).toString('utf8');
  expect(ics).toContain('BEGIN:VEVENT');
  expect(/DTSTART:(\d{8}T\d{6}Z)/.exec(ics)?.[1]).toBe(centralSlotInUtc(slot));
  const link = new URL(/Reschedule or cancel: (\S+)/.exec(confirmation!.text ?? '')?.[1] ?? 'http://no-link');
  expect(link.pathname).toBe('/appointments/manage');
  return link;
}

/** The guest moves the appointment from `booked` to `moved` on the page the mailed link opens. */
async function rescheduleByTheMailedLink(page: Page, link: URL, booked: Slot, moved: Slot) {
  await gotoHydrated(page, `${baseUrl}${link.pathname}${link.search}`);
  await expect.poll(() => page.getByTestId('appointment-when').textContent()).toContain(booked.time);
  await page.getByLabel('New date').fill(moved.date);
  await expect.poll(() => offered(page.getByLabel('New time'), moved.time)).toBe(true);
  await page.getByLabel('New time').selectOption(moved.time);
  await page.getByRole('button', { name: 'Reschedule' }).click();
  await page.getByRole('status').filter({ hasText: `now on` }).waitFor();
  expect(await page.getByTestId('appointment-when').textContent()).toContain(moved.time);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Staff move the appointment from `current` to `moved` in the Appointments tab (the guest is mailed each move), then complete it. */
async function staffRescheduleAndComplete(page: Page, current: Slot, moved: Slot) {
  const card = await openAppointmentsTab(page, 1440);
  await card.getByRole('heading', { name: `${current.time}: ${name}` }).waitFor();
  // Staff glance at today and go back to the week; today answers only once the week shows again, as on a
  // slow line: its late answer must not replace the week (the visit is on a later day, bookings start tomorrow).
  const answerToday = await holdRequests(page, /\/admin\/appointments\?days=1$/);
  const range = page.getByRole('radiogroup', { name: 'Range' });
  await range.getByText('Today', { exact: true }).click();
  const weekAnswered = page.waitForResponse(/\/admin\/appointments\?days=7$/);
  await range.getByText('Week ahead', { exact: true }).click();
  await weekAnswered;
  await card.getByRole('heading', { name: `${current.time}: ${name}` }).waitFor();
  await answerToday();
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  await card.getByRole('button', { name: 'Reschedule' }).click();
  await card.getByLabel('New date').fill(moved.date);
  await expect.poll(() => offered(card.getByLabel('New time'), moved.time)).toBe(true);
  await card.getByLabel('New time').selectOption(moved.time);
  await card.getByRole('button', { name: 'Move appointment' }).click();
  const movedCard = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: `${moved.time}: ${name}` }) });
  await movedCard.waitFor();
  await expect
    .poll(
      async () =>
        (await mailsFor(baseUrl, email)).filter((mail) => mail.subject.startsWith('Your measurement moved to')).length,
      { timeout: 30_000 },
    )
    .toBe(2);

  await movedCard.getByRole('button', { name: 'Mark completed' }).click();
  await expect.poll(() => movedCard.getByTestId('appointment-status').textContent()).toBe('completed');
}

describe('measurement appointments', () => {
  it('a guest books a slot, gets the confirmation with its calendar file, reschedules by the mailed link; staff reschedule and complete it', async () => {
    const free = await freeSlotsThisWeek();
    expect(free.length, 'free slots this week').toBeGreaterThanOrEqual(3);
    const [booked, movedByGuest, movedByStaff] = free as [Slot, Slot, Slot];
    const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await context.newPage();
      await bookInTheDialog(page, booked);
      const link = await expectTheConfirmationWithItsCalendarFile(booked);
      await rescheduleByTheMailedLink(page, link, booked, movedByGuest);
      await staffRescheduleAndComplete(page, movedByGuest, movedByStaff);
    } finally {
      await context.close();
    }
  });

  it('a cancel asks first, by the mailed link and in the Appointments tab, and says what happened', async () => {
    const [byCustomer] = (await freeSlotsLater()) as [Slot];
    const [byStaff] = (await freeSlotsThisWeek()) as [Slot];
    const customer = {
      name: `Cancel Guest ${randomBytes(3).toString('hex')}`,
      email: `cancel-${randomBytes(4).toString('hex')}@example.com`,
      phone: '214-555-0181',
    };
    const staffCancelled = {
      name: `Staff Cancelled ${randomBytes(3).toString('hex')}`,
      email: `staff-cancel-${randomBytes(4).toString('hex')}@example.com`,
      phone: '214-555-0182',
    };
    const link = await bookAndMailedLink(byCustomer, customer);
    await bookAndMailedLink(byStaff, staffCancelled);
    const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await context.newPage();
      await gotoHydrated(page, link);
      await page.getByText('Status: scheduled').waitFor();
      const cancelButton = page.getByRole('button', { name: 'Cancel appointment' });
      await cancelButton.click();
      const question = page.getByRole('alertdialog', { name: 'Cancel your measurement?' });
      await question.getByText(`at ${byCustomer.time} (Central time) is cancelled`).waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await question.getByRole('button', { name: 'Keep appointment' }).click();
      await question.waitFor({ state: 'hidden' });
      expect(await page.getByText('Status: scheduled').count(), 'still booked when the question is dismissed').toBe(1);

      await cancelButton.click();
      await question.getByRole('button', { name: 'Cancel appointment' }).click();
      await toast(page, 'Your measurement is cancelled.').waitFor();
      await page.getByText('Status: cancelled').waitFor();

      const card = await openAppointmentsTab(page, 1440, staffCancelled.name);
      await card.getByRole('button', { name: 'Cancel', exact: true }).click();
      const staffQuestion = page.getByRole('alertdialog', { name: `Cancel ${staffCancelled.name}'s measurement?` });
      await staffQuestion.getByRole('button', { name: 'Keep Appointment' }).click();
      await staffQuestion.waitFor({ state: 'hidden' });
      expect(await card.getByTestId('appointment-status').textContent()).toBe('scheduled');
      await card.getByRole('button', { name: 'Cancel', exact: true }).click();
      await staffQuestion.getByRole('button', { name: 'Cancel Appointment' }).click();
      await toast(page, 'Appointment cancelled; the customer is e-mailed').waitFor();
      await expect.poll(() => card.getByTestId('appointment-status').textContent()).toBe('cancelled');
    } finally {
      await context.close();
    }
  });

  it("says in the dialog why a booking past an e-mail's open measurements is refused, and offers the phone", async () => {
    const holder = `measure-twice-${randomBytes(4).toString('hex')}@example.com`;
    const [first, second, refused] = (await freeSlotsLater()) as [Slot, Slot, Slot];
    for (const [i, slot] of [first, second].entries()) {
      const booked = await fetchFrom()(`${baseUrl}/api/appointments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Twice Booked',
          address: '1200 Main St',
          zipCode: '75201',
          phone: `214-555-01${60 + i}`,
          email: holder,
          orderNumber: '',
          ...slot,
        }),
      });
      expect(booked.status).toBe(201);
    }
    expect(OPEN_APPOINTMENTS_PER_HOLDER.email).toBe(2);

    const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await context.newPage();
      const dialog = await openMeasureDialog(page, 'Schedule a Measure');
      await dialog.getByLabel('Name').fill('Twice Booked');
      await dialog.getByLabel('Address').fill('1200 Main St');
      await dialog.getByLabel('ZIP code').fill('75201');
      await dialog.getByLabel('Phone').fill('214-555-0170');
      await dialog.getByLabel('Email').fill(holder);
      await dialog.getByLabel('Date').fill(refused.date);
      await expect.poll(() => offered(dialog.getByLabel('Time'), refused.time)).toBe(true);
      await dialog.getByLabel('Time').selectOption(refused.time);
      await dialog.getByRole('button', { name: 'Submit' }).click();

      const { message } = holderLimitRefusal('email', BUSINESS.phoneDisplay);
      await dialog.getByRole('alert').filter({ hasText: message }).waitFor();
      expect(await dialog.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
      expect(await dialog.getByRole('link', { name: `Call ${BUSINESS.phoneDisplay}` }).getAttribute('href')).toBe(
        `tel:${BUSINESS.phoneE164}`,
      );
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the dialog and the Appointments tab have no serious accessibility problems at 360 px', async () => {
    const context = await browser().newContext({ viewport: { width: 360, height: 740 } });
    try {
      const page = await context.newPage();
      await openMeasureDialog(page, 'Free Measure & Install');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      const card = await openAppointmentsTab(page, 360);
      await card.first().waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('with auto-show on, the dialog opens by itself once a day, and never in a punch-out session', async () => {
    const context = await browser().newContext({ viewport: { width: 1440, height: 900 } });
    try {
      await withAutoShow(context);
      const page = await context.newPage();
      await gotoHydrated(page, `${baseUrl}/`);
      const dialog = page.getByRole('dialog', { name: MEASURE_DIALOG });
      await dialog.waitFor({ timeout: AUTO_SHOW_WAIT_MS });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });

      // From here the page's clock is driven by the test: its 5 s pass at once, and then the dialog has had its chance.
      await page.clock.install();
      await gotoHydrated(page, `${baseUrl}/`);
      await page.clock.runFor(10_000);
      expect(await dialog.count(), 'seen within the last day').toBe(0);

      await page.evaluate(() => localStorage.setItem('hasSeenPopup', String(Date.now() - 25 * 3_600_000)));
      await gotoHydrated(page, `${baseUrl}/`);
      await page.clock.runFor(10_000);
      await dialog.waitFor();
    } finally {
      await context.close();
    }

    const partnerContext = await browser().newContext({ viewport: { width: 1440, height: 900 } });
    try {
      await withAutoShow(partnerContext);
      // The partner's account type, which a punch-out session stores for its buyer (a stored session itself would be checked with the server).
      await partnerContext.addInitScript(() => localStorage.setItem('accountType', 'realpage'));
      const page = await partnerContext.newPage();
      await page.clock.install();
      await gotoHydrated(page, `${baseUrl}/`);
      await expect.poll(() => page.getByRole('button', { name: 'Free Measure & Install' }).count()).toBe(0);
      await page.clock.runFor(10_000);
      expect(await page.getByRole('dialog', { name: MEASURE_DIALOG }).count()).toBe(0);
    } finally {
      await partnerContext.close();
    }
  });
});
