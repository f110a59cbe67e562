import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '../accounts/client';
import { statusMailAllowed } from './notifications';

const none = {
  emailOrders: false,
  emailPromotions: false,
  emailShipping: false,
  textOrders: false,
  textPromotions: false,
  textShipping: false,
};

describe('status mails and the notification preferences', () => {
  it.each([
    ['shipped', DEFAULT_NOTIFICATION_PREFERENCES, true],
    ['delivered', DEFAULT_NOTIFICATION_PREFERENCES, true],
    ['cancelled', DEFAULT_NOTIFICATION_PREFERENCES, true],
    ['shipped', { ...none, emailOrders: true }, false],
    ['delivered', { ...none, emailOrders: true }, false],
    ['cancelled', { ...none, emailOrders: true }, true],
    ['shipped', { ...none, emailShipping: true }, true],
    ['cancelled', { ...none, emailShipping: true }, false],
    ['shipped', { ...none, textShipping: true }, false],
    ['shipped', undefined, true],
    ['cancelled', undefined, true],
    ['processing', DEFAULT_NOTIFICATION_PREFERENCES, false],
    ['pending', undefined, false],
  ] as const)('%s with %j: %s', (status, preferences, allowed) => {
    expect(statusMailAllowed(status, preferences)).toBe(allowed);
  });
});
