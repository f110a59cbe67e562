import { EXAMPLE_BUSINESS } from '../../tests/support/business';
import { describe, expect, it } from 'vitest';
import { bookingHolders, filledFast, holderLimitRefusal, openOn } from './holders';

describe('appointment holders', () => {
  it('count an e-mail, a phone and a client address however they were typed', () => {
    expect(bookingHolders(' Rosa@Example.COM ', '+1 (214) 555-0142', '2001:db8:abcd:12:1::5')).toEqual([
      { kind: 'email', subject: 'rosa@example.com' },
      { kind: 'phone', subject: '2145550142' },
      { kind: 'clientAddress', subject: '2001:db8:abcd:12::/64' },
    ]);
    expect(bookingHolders('rosa@example.com', '214.555.0142', '203.0.113.9').slice(1)).toEqual([
      { kind: 'phone', subject: '2145550142' },
      { kind: 'clientAddress', subject: '203.0.113.9' },
    ]);
  });

  it("keep a holder's appointments of today and later as open; earlier ones are over", () => {
    expect(openOn({ a: '2031-01-09', b: '2031-01-10', c: '2031-02-01' }, '2031-01-10')).toEqual({
      b: '2031-01-10',
      c: '2031-02-01',
    });
  });

  it('refuse with a sentence naming the field, or none for the client address', () => {
    expect(holderLimitRefusal('email', EXAMPLE_BUSINESS.phoneDisplay)).toEqual({
      message: expect.stringMatching(/^This e-mail address already has 2 measurements booked\./),
      field: 'email',
    });
    expect(holderLimitRefusal('phone', EXAMPLE_BUSINESS.phoneDisplay).field).toBe('phone');
    expect(holderLimitRefusal('clientAddress', EXAMPLE_BUSINESS.phoneDisplay)).toEqual({
      message: expect.stringContaining('5 measurements are already booked from your network'),
    });
  });

  it('call a full day filled fast when its places all went within an hour', () => {
    expect(filledFast(['2031-01-10T15:00:00Z', '2031-01-10T15:59:59Z', '2031-01-10T15:30:00Z'])).toBe(true);
    expect(filledFast(['2031-01-10T15:00:00Z', '2031-01-10T16:00:01Z'])).toBe(false);
    expect(filledFast([])).toBe(false);
  });
});
