import { describe, expect, it } from 'vitest';
import {
  MEASURE_POPUP_SEEN_FOR_MS,
  seenMeasurePopupRecently,
  shouldAutoShowMeasurePopup,
  type MeasurePopupSituation,
} from './measure-popup';

const now = Date.UTC(2026, 10, 23, 15);
const guestOnHome: MeasurePopupSituation = {
  autoShow: true,
  partner: false,
  pathname: '/',
  seen: null,
  now,
  anotherDialogOpen: false,
};

describe('the measurement dialog opening by itself', () => {
  it('opens for a guest who has not seen it, on the home page and product and info pages', () => {
    for (const pathname of [
      '/',
      '/faux-wood-blinds',
      '/product/abc',
      '/about-us',
      '/accounting-page-that-is-not-account',
    ])
      expect(shouldAutoShowMeasurePopup({ ...guestOnHome, pathname }), pathname).toBe(true);
  });

  it('stays shut when the deployment switches it off, and always for a partner buyer', () => {
    expect(shouldAutoShowMeasurePopup({ ...guestOnHome, autoShow: false })).toBe(false);
    expect(shouldAutoShowMeasurePopup({ ...guestOnHome, partner: true })).toBe(false);
  });

  it('stays shut while another dialog is open, such as the mini cart just after Add to Cart', () => {
    expect(shouldAutoShowMeasurePopup({ ...guestOnHome, pathname: '/faux-wood-blinds', anotherDialogOpen: true })).toBe(
      false,
    );
  });

  it('stays shut on staff, account, checkout and appointment pages and the pages beneath them', () => {
    for (const pathname of [
      '/admin',
      '/chat',
      '/checkout',
      '/checkout/success',
      '/cart',
      '/account',
      '/account/properties',
      '/login',
      '/account-creation',
      '/appointments/manage',
    ])
      expect(shouldAutoShowMeasurePopup({ ...guestOnHome, pathname }), pathname).toBe(false);
  });

  it('does not open again within a day of being seen, and does once the day has passed', () => {
    expect(shouldAutoShowMeasurePopup({ ...guestOnHome, seen: String(now - 60_000) })).toBe(false);
    expect(shouldAutoShowMeasurePopup({ ...guestOnHome, seen: String(now - MEASURE_POPUP_SEEN_FOR_MS + 1) })).toBe(
      false,
    );
    expect(shouldAutoShowMeasurePopup({ ...guestOnHome, seen: String(now - MEASURE_POPUP_SEEN_FOR_MS) })).toBe(true);
  });

  it('treats a stored value that is not a past time (the old shop\'s "true", a time in the future) as stale', () => {
    expect(seenMeasurePopupRecently('true', now)).toBe(false);
    expect(seenMeasurePopupRecently(String(now + 60_000), now)).toBe(false);
    expect(seenMeasurePopupRecently(String(now), now)).toBe(true);
  });
});
