import { describe, expect, it } from 'vitest';
import {
  assignCrews,
  type InstallationStatus,
  INSTALLATION_LIFECYCLE,
  installableRange,
  installationWindowsOn,
  unbookableInstallationReason,
} from './installation';
import { installationOptionsSchema, installationVisitSchema, type InstallationWindow } from './installation-choices';

// Monday 2026-11-30, 10 am in Chicago.
const NOW = new Date('2026-11-30T16:00:00Z');

describe('installation slots', () => {
  it('offers a morning and an afternoon window on working days only', () => {
    expect(installationWindowsOn('2026-12-01', [])).toEqual(['8:00 AM - 12:00 PM', '1:00 PM - 5:00 PM']);
    expect(installationWindowsOn('2026-12-05', [])).toEqual([]); // Saturday
    expect(installationWindowsOn('2026-12-25', [])).toEqual([]); // Christmas
    expect(installationWindowsOn('2026-12-02', ['2026-12-02'])).toEqual([]); // closed by staff
  });

  it('starts on the first working day after the delivered-by date and runs 45 days', () => {
    // Delivered by Friday Dec 11: the first visit is Monday Dec 14.
    expect(installableRange('2026-12-11', NOW, [])).toEqual({ first: '2026-12-14', last: '2027-01-28' });
    // A delivered-by date already past (or none) counts from today.
    expect(installableRange('2026-11-20', NOW, []).first).toBe('2026-12-01');
    expect(installableRange(null, NOW, []).first).toBe('2026-12-01');
  });

  it('refuses the delivered-by date itself, and says why', () => {
    const context = { deliveredBy: '2026-12-11', now: NOW, closures: [] };
    expect(unbookableInstallationReason('2026-12-11', '8:00 AM - 12:00 PM', context)).toMatch(
      /after your blinds arrive \(by Friday, December 11, 2026\): from Monday, December 14, 2026 on/,
    );
    expect(unbookableInstallationReason('2026-12-14', '8:00 AM - 12:00 PM', context)).toBeNull();
    expect(unbookableInstallationReason('2026-12-19', '1:00 PM - 5:00 PM', context)).toMatch(/do not install/);
    expect(unbookableInstallationReason('2027-01-29', '1:00 PM - 5:00 PM', context)).toMatch(/up to/);
  });

  it('reads a visit and the options as the server parses them, naming the field', () => {
    expect(installationVisitSchema.safeParse({ date: '2026-02-30', window: '8:00 AM - 12:00 PM' }).success).toBe(false);
    expect(installationVisitSchema.safeParse({ date: '2026-12-14', window: '9:00 AM' }).error?.issues[0]?.path).toEqual(
      ['window'],
    );
    const options = installationOptionsSchema.safeParse({ oldBlindsRemoved: 2.5, highLadder: false });
    expect(options.error?.issues[0]).toMatchObject({ path: ['oldBlindsRemoved'], message: /whole number/ });
  });

  it('lets a scheduled visit end completed or no-show, and a no-show be booked again', () => {
    expect(INSTALLATION_LIFECYCLE.can('scheduled', 'complete')).toBe(true);
    expect(INSTALLATION_LIFECYCLE.can('unscheduled', 'complete')).toBe(false);
    expect(INSTALLATION_LIFECYCLE.can('no-show', 'schedule')).toBe(true);
    expect(INSTALLATION_LIFECYCLE.can('completed', 'schedule')).toBe(false);
  });

  it('gives each scheduled visit of a window its crew in the order they took their places', () => {
    const visit = (
      orderId: string,
      window: InstallationWindow,
      updatedAt: string,
      status: InstallationStatus = 'scheduled',
    ) => ({ orderId, date: '2026-12-14', window, status, updatedAt });
    const crews = assignCrews([
      visit('b', '8:00 AM - 12:00 PM', '2026-11-30T10:00:00Z'),
      visit('a', '8:00 AM - 12:00 PM', '2026-11-30T09:00:00Z'),
      visit('c', '1:00 PM - 5:00 PM', '2026-11-30T11:00:00Z'),
      visit('d', '8:00 AM - 12:00 PM', '2026-11-30T08:00:00Z', 'unscheduled'),
    ]);
    expect(Object.fromEntries(crews.map((visit) => [visit.orderId, visit.crew]))).toEqual({
      a: 1,
      b: 2,
      c: 1,
      d: null,
    });
  });
});
