import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import {
  DISABLE_AFTER_FAILING_MS,
  MAX_ATTEMPTS,
  RETRY_DELAYS_SECONDS,
  retryDelaySeconds,
  shouldDisable,
} from './delivery';
import {
  newChatSpreadsheetRow,
  newChatSpreadsheetRowSchema,
  newMessageSpreadsheetRow,
  newMessageSpreadsheetRowSchema,
  orderSpreadsheetRow,
  orderSpreadsheetRowSchema,
} from './payloads';
import { newSigningSecret, signWebhook } from './signing';
import { createSubscriptionSchema } from './subscription';

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

describe('spreadsheet shapes, as the old shop posted them', () => {
  it('Order: type, name, email, phone, orderNumber, orderDetails, orderDate', () => {
    const order = {
      orderNumber: 'ORD-20261123-ABCD',
      customer: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '214-555-0100' },
      lines: [
        {
          title: 'Faux Wood Blinds: Standard',
          quantity: 12,
          description: ['36" × 48"', 'Inside mount'],
          lineCents: 77_400,
        },
      ],
      linesIncluded: true,
      samples: [{ productName: 'Roller Shades', color: 'Ivory' }],
      totals: {
        blindCount: 12,
        totalCents: 80_912,
        discounts: [{ label: 'Volume discount: 5% off 10+ blinds', cents: 3870 }],
      },
      placedAt: '2026-11-23T10:00:00.000Z',
    };
    const row = orderSpreadsheetRow(order);
    expect(orderSpreadsheetRowSchema.parse(row)).toEqual({
      type: 'Order',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '214-555-0100',
      orderNumber: 'ORD-20261123-ABCD',
      orderDetails:
        '12 × Faux Wood Blinds: Standard (36" × 48", Inside mount): $774.00\nSample: Roller Shades, Ivory\n' +
        'Volume discount: 5% off 10+ blinds: -$38.70\nTotal: $809.12',
      orderDate: '2026-11-23T10:00:00.000Z',
    });
    const property = orderSpreadsheetRow({
      ...order,
      lines: [],
      linesIncluded: false,
      totals: { ...order.totals, blindCount: 1000 },
    });
    expect(property.orderDetails.split('\n')[0]).toBe(
      "1,000 blinds, too many to list here: see the order in the shop's admin",
    );
  });

  it("new_chat: customerName, customerPhone or 'Not provided', timestamp; new_message: customerName, message, timestamp", () => {
    expect(
      newChatSpreadsheetRowSchema.parse(
        newChatSpreadsheetRow({ customerName: 'Bo', customerPhone: null, startedAt: '2026-11-23T10:00:00.000Z' }),
      ),
    ).toEqual({
      type: 'new_chat',
      customerName: 'Bo',
      customerPhone: 'Not provided',
      timestamp: '2026-11-23T10:00:00.000Z',
    });
    expect(
      newChatSpreadsheetRow({ customerName: 'Bo', customerPhone: '817-555-0101', startedAt: 't' }).customerPhone,
    ).toBe('817-555-0101');
    expect(
      newMessageSpreadsheetRowSchema.parse(
        newMessageSpreadsheetRow({ customerName: 'Bo', text: 'Hi', postedAt: '2026-11-23T10:00:01.000Z' }),
      ),
    ).toEqual({
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
    const wrongShape = createSubscriptionSchema.safeParse({
      ...base,
      events: [{ type: 'OrderPlaced', shape: 'spreadsheet' }],
    });
    expect(wrongShape.error?.issues[0]?.path).toEqual(['events', 0, 'shape']);
    expect(
      createSubscriptionSchema.safeParse({ ...base, events: [{ type: 'OrderPaid' }, { type: 'OrderPaid' }] }).success,
    ).toBe(false);
    expect(createSubscriptionSchema.safeParse({ ...base, events: [] }).success).toBe(false);
    expect(createSubscriptionSchema.safeParse({ ...base, url: 'ftp://hooks.example.com' }).success).toBe(false);
    expect(createSubscriptionSchema.safeParse({ ...base, url: 'https://user:pw@hooks.example.com' }).success).toBe(
      false,
    );
  });
});
