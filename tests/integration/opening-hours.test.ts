/**
 * Opening hours staff save in admin (issue 30): validated field by field, kept by the configurations
 * duty (owner, manager), and read by the chat's availability: the hours it lists and when a message
 * left now is answered.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { offlineAnswerNote } from '#domain/chat/availability';
import type { WeeklyHours } from '#domain/business';
import { EXAMPLE_BUSINESS } from '../support/business';
import { api } from '../support/checkout';
import { staffMemberWith } from '../support/staff-member';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');

let manager: { accessToken: string };
let support: { accessToken: string };
let kept: WeeklyHours;

beforeAll(async () => {
  manager = { accessToken: (await staffMemberWith(baseUrl, env, ['manager'])).accessToken };
  support = { accessToken: (await staffMemberWith(baseUrl, env, ['support'])).accessToken };
  kept = (await api<{ week: WeeklyHours }>(baseUrl, manager, 'GET', '/admin/opening-hours')).body.week;
}, 60_000);

afterAll(async () => {
  await api(baseUrl, manager, 'PUT', '/admin/opening-hours', { week: kept });
});

const closedWeek: WeeklyHours = {
  monday: null,
  tuesday: null,
  wednesday: null,
  thursday: null,
  friday: null,
  saturday: null,
  sunday: null,
};

describe('the opening hours', () => {
  it("start as the settings' hours, listed as the site lists them", async () => {
    await api(baseUrl, manager, 'PUT', '/admin/opening-hours', { week: EXAMPLE_BUSINESS.hours.week });
    const answer = await api(baseUrl, manager, 'GET', '/admin/opening-hours');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ week: EXAMPLE_BUSINESS.hours.week, lines: EXAMPLE_BUSINESS.officeHours.days });
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

  it('are refused to a support user', async () => {
    const get = await api(baseUrl, support, 'GET', '/admin/opening-hours');
    const put = await api(baseUrl, support, 'PUT', '/admin/opening-hours', { week: closedWeek });
    expect([get.status, put.status]).toEqual([403, 403]);
    expect(put.body.message).toBe('Access denied. This needs the role Owner or Manager; you are signed in as Support.');
  });

  it('are what the chat lists and answers by once saved', async () => {
    const week: WeeklyHours = { ...closedWeek, wednesday: { opens: '10:00', closes: '14:00' } };
    const saved = await api(baseUrl, manager, 'PUT', '/admin/opening-hours', { week });
    expect(saved.status).toBe(200);
    const before = offlineAnswerNote(week, new Date());
    const availability = (await api(baseUrl, null, 'GET', '/chat/availability')).body;
    const after = offlineAnswerNote(week, new Date());
    expect(availability.officeHours).toEqual([
      { label: 'Monday - Tuesday', text: 'By appointment' },
      { label: 'Wednesday', text: '10:00 AM - 2:00 PM' },
      { label: 'Thursday - Sunday', text: 'By appointment' },
    ]);
    if (!availability.staffOnline) expect([before, after]).toContain(availability.answerNote);
  });
});
