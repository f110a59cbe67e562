import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { addressLiteralOf, isPublicAddress } from './address';
import { DISABLE_AFTER_FAILING_MS, MAX_ATTEMPTS, RETRY_DELAYS_SECONDS, retryDelaySeconds, shouldDisable } from './delivery';
import { newChatSpreadsheetRow, newChatSpreadsheetRowSchema, newMessageSpreadsheetRow, newMessageSpreadsheetRowSchema, orderSpreadsheetRow, orderSpreadsheetRowSchema } from './payloads';
import { newSigningSecret, signWebhook } from './signing';
import { createSubscriptionSchema } from './subscription';

/** What a host written in a URL becomes once the URL parser has read it. */
const hostOf = (url: string) => addressLiteralOf(new URL(url).hostname);

describe('webhook addresses', () => {
  it.each([
    ['http://127.0.0.1/', '127.0.0.1'],
    ['http://2130706433/', '127.0.0.1'],
    ['http://0x7f000001/', '127.0.0.1'],
    ['http://0177.0.0.1/', '127.0.0.1'],
    ['http://127.1/', '127.0.0.1'],
    ['http://0xa9.0xfe.0xa9.0xfe/', '169.254.169.254'],
    ['http://[::1]/', '::1'],
    ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1'],
    ['http://[::ffff:a9fe:a9fe]/', '::ffff:a9fe:a9fe'],
  ])('reads %s as the address %s, which is refused', (url, address) => {
    expect(hostOf(url)).toBe(address);
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '0.0.0.0', '10.1.2.3', '100.64.0.1', '100.127.255.255', '127.0.0.1', '169.254.169.254', '172.16.0.1', '172.31.255.255',
    '192.168.1.1', '192.0.0.8', '198.18.0.1', '224.0.0.1', '239.255.255.250', '255.255.255.255',
    '::', '::1', 'fe80::1', 'fe80::1%eth0', 'fc00::1', 'fd12:3456::1', 'ff02::1', '::ffff:10.0.0.1', '::ffff:7f00:1',
    '::127.0.0.1', '64:ff9b::a9fe:a9fe', '2002:7f00:1::', '2001:db8::1', '2001::1', '100::1', 'not-an-address', '1.2.3',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '100.63.255.255', '100.128.0.0', '172.15.255.255', '172.32.0.0', '2606:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::'])(
    'allows the public address %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it('leaves a name to the resolver', () => {
    expect(hostOf('https://hooks.example.com/x')).toBeNull();
  });
});

describe('webhook signing', () => {
  it('signs so that the Standard Webhooks library verifies it, and refuses a changed body', async () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const body = JSON.stringify({ id: 'evt_1', type: 'OrderPaid', time: '2026-11-23T10:00:00Z', data: { n: 1 } });
    const headers = await signWebhook(secret, 'evt_1', new Date(), body);
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(`${body} `, { ...headers })).toThrow();
    expect(() => new Webhook(newSigningSecret()).verify(body, { ...headers })).toThrow();
  });
});

describe('retry schedule', () => {
  it('waits 30 s … 12 h, about a day in all, jittered by up to a fifth, then stops', () => {
    expect(MAX_ATTEMPTS).toBe(9);
    const total = RETRY_DELAYS_SECONDS.reduce((sum, seconds) => sum + seconds, 0);
    expect(total / 3600).toBeGreaterThan(20);
    expect(total / 3600).toBeLessThan(25);
    expect(retryDelaySeconds(1, 0)).toBe(24);
    expect(retryDelaySeconds(1, 0.5)).toBe(30);
    expect(retryDelaySeconds(8, 0.999999)).toBe(51_840);
    expect(retryDelaySeconds(9, 0.5)).toBeNull();
  });

  it('switches a subscription off after 3 days of failures only', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(shouldDisable(null, now)).toBe(false);
    expect(shouldDisable(new Date(now.getTime() - DISABLE_AFTER_FAILING_MS + 1000).toISOString(), now)).toBe(false);
    expect(shouldDisable(new Date(now.getTime() - DISABLE_AFTER_FAILING_MS).toISOString(), now)).toBe(true);
  });
});

describe('spreadsheet shapes (accounts-checkout-partner-admin.md §7)', () => {
  it('Order: type, name, email, phone, orderNumber, orderDetails, orderDate', () => {
    const row = orderSpreadsheetRow({
      orderNumber: 'ORD-20261123-ABCD',
      customer: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '214-555-0100' },
      lines: [{ title: 'Faux Wood Blinds: Standard', quantity: 2, description: ['36" × 48"', 'Inside mount'], lineCents: 12_900 }],
      samples: [{ productName: 'Roller Shades', color: 'Ivory' }],
      totals: { totalCents: 14_417 },
      placedAt: '2026-11-23T10:00:00.000Z',
    });
    expect(orderSpreadsheetRowSchema.parse(row)).toEqual({
      type: 'Order',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '214-555-0100',
      orderNumber: 'ORD-20261123-ABCD',
      orderDetails: '2 × Faux Wood Blinds: Standard (36" × 48", Inside mount): $129.00\nSample: Roller Shades, Ivory\nTotal: $144.17',
      orderDate: '2026-11-23T10:00:00.000Z',
    });
  });

  it("new_chat: customerName, customerPhone or 'Not provided', timestamp; new_message: customerName, message, timestamp", () => {
    expect(newChatSpreadsheetRowSchema.parse(newChatSpreadsheetRow({ customerName: 'Bo', customerPhone: null, startedAt: '2026-11-23T10:00:00.000Z' }))).toEqual({
      type: 'new_chat',
      customerName: 'Bo',
      customerPhone: 'Not provided',
      timestamp: '2026-11-23T10:00:00.000Z',
    });
    expect(newChatSpreadsheetRow({ customerName: 'Bo', customerPhone: '817-555-0101', startedAt: 't' }).customerPhone).toBe('817-555-0101');
    expect(newMessageSpreadsheetRowSchema.parse(newMessageSpreadsheetRow({ customerName: 'Bo', text: 'Hi', postedAt: '2026-11-23T10:00:01.000Z' }))).toEqual({
      type: 'new_message',
      customerName: 'Bo',
      message: 'Hi',
      timestamp: '2026-11-23T10:00:01.000Z',
    });
  });
});

describe('subscription input', () => {
  it('takes the spreadsheet shape only for the events that have one, each event once', () => {
    const base = { url: 'https://hooks.example.com/in', events: [{ type: 'OrderPaid', shape: 'spreadsheet' }] };
    expect(createSubscriptionSchema.parse(base)).toMatchObject({ description: '', active: true });
    const wrongShape = createSubscriptionSchema.safeParse({ ...base, events: [{ type: 'OrderPlaced', shape: 'spreadsheet' }] });
    expect(wrongShape.error?.issues[0]?.path).toEqual(['events', 0, 'shape']);
    expect(createSubscriptionSchema.safeParse({ ...base, events: [{ type: 'OrderPaid' }, { type: 'OrderPaid' }] }).success).toBe(false);
    expect(createSubscriptionSchema.safeParse({ ...base, events: [] }).success).toBe(false);
    expect(createSubscriptionSchema.safeParse({ ...base, url: 'ftp://hooks.example.com' }).success).toBe(false);
    expect(createSubscriptionSchema.safeParse({ ...base, url: 'https://user:pw@hooks.example.com' }).success).toBe(false);
  });
});
