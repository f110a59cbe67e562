/**
 * Opening hours staff save in admin: validated field by field, kept by the configurations duty
 * (owner, manager), each save audited with the days it changed (a save that changed none is not),
 * and read by the chat: the hours it lists, when a message left now is answered, and its Online
 * indicator, off outside the hours even while staff are connected (the rule itself, by the clock:
 * domain/chat/chat.test.ts).
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { shopDateAt } from '#domain/appointments/schedule';
import type { AuditEntry, AuditLogPage } from '#domain/audit/audit-entry';
import type { ShopClosure, ShopClosures } from '#domain/calendar/closures';
import type { OfficeHoursAnswer } from '#domain/opening-hours';
import type { WeeklyHours } from '#domain/business';
import type { ChatAvailability } from '#domain/chat/api';
import { offlineAnswerNote } from '#domain/chat/availability';
import { EXAMPLE_BUSINESS } from '../../support/business';
import { connectStaff, connectVisitor, staffToken, startChat } from '../../support/chat-session';
import { api } from '../../support/checkout';
import { CLOSED_ALL_WEEK, holidayToday, OPEN_ALL_WEEK, withOpeningHours } from '../../support/opening-hours';
import { staffMemberWith } from '../../support/staff-member';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');

let manager: { accessToken: string; id: string };
let support: { accessToken: string };
let fulfilment: { accessToken: string };
const owner = () => ({ accessToken: staffToken });

/** The member of staff's user id: the access token's subject. */
const subjectOf = (accessToken: string) =>
  (JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;

beforeAll(async () => {
  const [managerMember, supportMember, fulfilmentMember] = await Promise.all([
    staffMemberWith(baseUrl, env, ['manager']),
    staffMemberWith(baseUrl, env, ['support']),
    staffMemberWith(baseUrl, env, ['fulfilment']),
  ]);
  manager = { accessToken: managerMember.accessToken, id: subjectOf(managerMember.accessToken) };
  support = { accessToken: supportMember.accessToken };
  fulfilment = { accessToken: fulfilmentMember.accessToken };
}, 60_000);

const closuresSaved = async () =>
  (await api<ShopClosures>(baseUrl, owner(), 'GET', '/admin/shop-closures')).body.closures;
const closureDates = async () => (await closuresSaved()).map((day) => day.date);
async function saveClosures(closures: ShopClosure[]): Promise<void> {
  expect((await api(baseUrl, owner(), 'PUT', '/admin/shop-closures', { closures })).status).toBe(200);
}

const availability = async () => (await api<ChatAvailability>(baseUrl, null, 'GET', '/chat/availability')).body;

async function auditEntries(): Promise<AuditEntry[]> {
  const answer = await api<AuditLogPage>(
    baseUrl,
    owner(),
    'GET',
    '/admin/audit-log?recordKind=openingHours&recordId=week',
  );
  expect(answer.status).toBe(200);
  return answer.body.entries;
}

describe('the opening hours', () => {
  it("start as the settings' hours, listed as the site lists them", async () => {
    await withOpeningHours(baseUrl, manager, EXAMPLE_BUSINESS.hours.week, async () => {
      const answer = await api(baseUrl, manager, 'GET', '/admin/opening-hours');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ week: EXAMPLE_BUSINESS.hours.week, lines: EXAMPLE_BUSINESS.officeHours.days });
    });
  });

  it('refuse a closing time before the opening time, or a time that is not HH:MM, naming the field', async () => {
    const refused = await api(baseUrl, manager, 'PUT', '/admin/opening-hours', {
      week: {
        ...EXAMPLE_BUSINESS.hours.week,
        monday: { opens: '18:00', closes: '09:00' },
        tuesday: { opens: '9am', closes: '17:00' },
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({
      'week.monday.closes': 'Closing time must be after opening time.',
      'week.tuesday.opens': 'Enter a time as HH:MM, 24-hour (for example 07:30).',
    });
  });

  it('are kept by owners and managers only: support and fulfilment are refused, a visitor must sign in', async () => {
    for (const member of [support, fulfilment]) {
      const get = await api(baseUrl, member, 'GET', '/admin/opening-hours');
      const put = await api(baseUrl, member, 'PUT', '/admin/opening-hours', { week: CLOSED_ALL_WEEK });
      expect([get.status, put.status]).toEqual([403, 403]);
    }
    const refused = await api(baseUrl, support, 'PUT', '/admin/opening-hours', { week: CLOSED_ALL_WEEK });
    expect(refused.body.message).toBe(
      'Access denied. This needs the role Owner or Manager; you are signed in as Support.',
    );
    expect((await api(baseUrl, null, 'PUT', '/admin/opening-hours', { week: CLOSED_ALL_WEEK })).status).toBe(401);
    expect((await api(baseUrl, owner(), 'GET', '/admin/opening-hours')).status).toBe(200);
  });

  it('are audited: who saved them and the days they changed, before and after', async () => {
    const week: WeeklyHours = {
      ...EXAMPLE_BUSINESS.hours.week,
      wednesday: { opens: '10:00', closes: '14:00' },
      sunday: { opens: '11:00', closes: '15:00' },
    };
    await withOpeningHours(baseUrl, manager, EXAMPLE_BUSINESS.hours.week, async () => {
      expect((await api(baseUrl, manager, 'PUT', '/admin/opening-hours', { week })).status).toBe(200);
      const [entry] = await auditEntries();
      expect(entry).toMatchObject({
        action: 'replace',
        record: { kind: 'openingHours', id: 'week', label: 'of the week' },
        staff: { id: manager.id },
        before: { wednesday: EXAMPLE_BUSINESS.hours.week.wednesday, sunday: null },
        after: { wednesday: week.wednesday, sunday: week.sunday },
      });
      expect(Object.keys(entry!.before!).sort()).toEqual(['sunday', 'wednesday']);
    });
  });

  it('saved twice with the same hours: audited once, the second save changed nothing', async () => {
    const week: WeeklyHours = { ...EXAMPLE_BUSINESS.hours.week, thursday: { opens: '08:00', closes: '12:00' } };
    await withOpeningHours(baseUrl, manager, EXAMPLE_BUSINESS.hours.week, async () => {
      const [last] = await auditEntries();
      const save = async () =>
        expect((await api(baseUrl, manager, 'PUT', '/admin/opening-hours', { week })).status).toBe(200);
      await save();
      await save();
      const entries = await auditEntries();
      // The entries newer than the last before the saves (all of them on a log that had none).
      const seen = entries.findIndex((entry) => entry.id === last?.id);
      expect(seen === -1 ? entries : entries.slice(0, seen)).toEqual([
        expect.objectContaining({
          before: { thursday: EXAMPLE_BUSINESS.hours.week.thursday },
          after: { thursday: week.thursday },
        }),
      ]);
    });
  });

  it('saved by two members of staff at once: both saves audited, the later one replacing what the earlier saved', async () => {
    const early: WeeklyHours = { ...EXAMPLE_BUSINESS.hours.week, wednesday: { opens: '10:00', closes: '14:00' } };
    const late: WeeklyHours = { ...EXAMPLE_BUSINESS.hours.week, wednesday: { opens: '11:00', closes: '15:00' } };
    await withOpeningHours(baseUrl, manager, EXAMPLE_BUSINESS.hours.week, async () => {
      const saves = await Promise.all([
        api(baseUrl, manager, 'PUT', '/admin/opening-hours', { week: early }),
        api(baseUrl, owner(), 'PUT', '/admin/opening-hours', { week: late }),
      ]);
      expect(saves.map(({ status }) => status)).toEqual([200, 200]);
      const [newer, older] = await auditEntries();
      expect(older!.before).toEqual({ wednesday: EXAMPLE_BUSINESS.hours.week.wednesday });
      expect(newer!.before).toEqual(older!.after);
      expect([older!.after, newer!.after]).toEqual(
        expect.arrayContaining([{ wednesday: early.wednesday }, { wednesday: late.wednesday }]),
      );
      const kept = await api<{ week: WeeklyHours }>(baseUrl, manager, 'GET', '/admin/opening-hours');
      expect(kept.body.week.wednesday).toEqual(newer!.after!.wednesday);
    });
  });

  it('are what the pages and the chat list, and the chat answers by, once saved', async () => {
    const week: WeeklyHours = { ...CLOSED_ALL_WEEK, wednesday: { opens: '10:00', closes: '14:00' } };
    await withOpeningHours(baseUrl, manager, week, async () => {
      const hours = { week, closures: await closureDates() };
      const before = offlineAnswerNote(hours, new Date());
      const answer = await availability();
      const after = offlineAnswerNote(hours, new Date());
      expect(answer.officeHours).toEqual([
        { label: 'Monday - Tuesday', text: 'By appointment' },
        { label: 'Wednesday', text: '10:00 AM - 2:00 PM' },
        { label: 'Thursday - Sunday', text: 'By appointment' },
      ]);
      // What every page's header, footer and contact page list, for anyone.
      const listed = await api<OfficeHoursAnswer>(baseUrl, null, 'GET', '/office-hours');
      expect(listed.status).toBe(200);
      expect(listed.body.officeHours.headerText).toBe('Wed 10:00am-2:00pm CT');
      expect(listed.body.officeHours.days.map(({ label, text }) => ({ label, text }))).toEqual(answer.officeHours);
      if (!answer.staffOnline) expect([before, after]).toContain(answer.answerNote);
    });
  });
});

describe("the chat's Online indicator", () => {
  it('is off outside the saved hours though staff are connected, and on within them', async () => {
    const visitor = await connectVisitor(await startChat());
    await connectStaff();
    const ping = async () => {
      const seen = visitor.of('pong').length;
      visitor.send({ action: 'ping' });
      await visitor.next('pong', () => visitor.of('pong').length > seen);
      return visitor.of('pong')[seen]!.staffOnline;
    };

    await withOpeningHours(baseUrl, manager, CLOSED_ALL_WEEK, async () => {
      expect(await availability()).toMatchObject({
        staffOnline: false,
        answerNote: "Nobody is online right now. Leave a message and we'll answer as soon as we can.",
      });
      expect(await ping()).toBe(false);
    });

    await withOpeningHours(baseUrl, manager, OPEN_ALL_WEEK, async () => {
      const openToday = !holidayToday() && !(await closureDates()).includes(shopDateAt(new Date()));
      expect(await availability()).toMatchObject({ staffOnline: openToday });
      expect(await ping()).toBe(openToday);

      const kept = await closuresSaved();
      const today = shopDateAt(new Date());
      await saveClosures([...kept.filter((day) => day.date !== today), { date: today, reason: 'Stock-taking' }]);
      try {
        const closed = await availability();
        expect(closed.staffOnline).toBe(false);
        expect(closed.answerNote).toMatch(/^Nobody is online right now\. Leave a message and we'll answer (?!today)/);
        expect(await ping()).toBe(false);
      } finally {
        await saveClosures(kept);
      }
      expect(await ping()).toBe(openToday);
    });
  });
});
