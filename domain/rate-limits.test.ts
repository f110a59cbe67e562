import { describe, expect, it } from 'vitest';
import {
  clientAddressKey,
  CONTACT_MESSAGE_LIMITS,
  decideAttempt,
  RATE_LIMITS,
  recipientKey,
  SAMPLE_REQUEST_LIMITS,
  tooManyRequestsMessage,
  windowAt,
} from './rate-limits';

const at = (iso: string) => new Date(iso);

describe('windowAt', () => {
  it('puts every moment of an hour in the same window, ending at the next hour', () => {
    const hour = { limit: 3, windowSeconds: 3600 };
    const start = Date.UTC(2031, 0, 1, 10) / 1000;
    expect(windowAt(hour, at('2031-01-01T10:00:00Z'))).toEqual({ start, end: start + 3600 });
    expect(windowAt(hour, at('2031-01-01T10:59:59.999Z'))).toEqual({ start, end: start + 3600 });
    expect(windowAt(hour, at('2031-01-01T11:00:00Z')).start).toBe(start + 3600);
  });
});

describe('decideAttempt', () => {
  const limits = CONTACT_MESSAGE_LIMITS;

  it('allows attempts up to each limit, this attempt included', () => {
    const now = at('2031-01-01T10:15:00Z');
    expect(decideAttempt(limits, { perRecipient: 1, perClientAddress: 1 }, now)).toEqual({ allowed: true });
    expect(
      decideAttempt(
        limits,
        { perRecipient: limits.perRecipient.limit, perClientAddress: limits.perClientAddress.limit },
        now,
      ),
    ).toEqual({
      allowed: true,
    });
  });

  it('refuses the attempt past a limit until its window ends', () => {
    const now = at('2031-01-01T10:15:00Z');
    expect(decideAttempt(limits, { perRecipient: limits.perRecipient.limit + 1, perClientAddress: 1 }, now)).toEqual({
      allowed: false,
      retryAfterSeconds: 45 * 60,
    });
    expect(
      decideAttempt(
        limits,
        { perRecipient: 1, perClientAddress: limits.perClientAddress.limit + 1 },
        at('2031-01-01T10:59:59.200Z'),
      ),
    ).toEqual({
      allowed: false,
      retryAfterSeconds: 1,
    });
  });

  it('waits for the later window when both limits refuse', () => {
    const mixed = {
      perRecipient: SAMPLE_REQUEST_LIMITS.perRecipient,
      perClientAddress: CONTACT_MESSAGE_LIMITS.perClientAddress,
    };
    const decision = decideAttempt(mixed, { perRecipient: 99, perClientAddress: 99 }, at('2031-01-01T23:00:00Z'));
    expect(decision).toEqual({ allowed: false, retryAfterSeconds: 3600 });
  });

  it('limits each action that mails or creates an account below what the review sent in a second (40 messages, 20 registrations)', () => {
    expect(Object.keys(RATE_LIMITS).sort()).toEqual([
      'appointmentBooking',
      'contactMessage',
      'jobApplication',
      'priceMatchRequest',
      'quoteEmail',
      'registration',
      'returnRequest',
      'sampleRequest',
    ]);
    for (const { perRecipient, perClientAddress } of Object.values(RATE_LIMITS)) {
      expect(perRecipient.limit).toBeLessThan(perClientAddress.limit);
      expect(perClientAddress.limit).toBeLessThan(20);
    }
  });
});

describe('tooManyRequestsMessage', () => {
  it('says when to try again, in minutes, or hours for a long wait', () => {
    expect(tooManyRequestsMessage(1)).toBe('Too many requests. Please try again in 1 minute.');
    expect(tooManyRequestsMessage(45 * 60)).toBe('Too many requests. Please try again in 45 minutes.');
    expect(tooManyRequestsMessage(20 * 3600)).toBe('Too many requests. Please try again in 20 hours.');
  });
});

describe('recipientKey', () => {
  it('counts one mailbox however the address is typed', () => {
    expect(recipientKey('  Ana.Lopez@Example.COM ')).toBe('ana.lopez@example.com');
  });
});

describe('clientAddressKey', () => {
  it('keeps an IPv4 address, also one written as IPv6', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('groups IPv6 addresses by their /64 network, however they are written', () => {
    const network = '2001:db8:85a3:8d3::/64';
    expect(clientAddressKey('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe(network);
    expect(clientAddressKey('2001:0DB8:85a3:08d3::1')).toBe(network);
    expect(clientAddressKey('2001:db8:85a3:8d3:ffff::')).toBe(network);
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('1::2:3:4:5:192.0.2.1')).toBe('1:0:2:3::/64');
  });
});
