/**
 * Delivered-by dates against the local stack (issue 29): the checkout quote and the placed order
 * carry the calendar's estimate for the cart's slowest family and the address, the product pages'
 * route answers a family's dates, and a day staff close the shop moves the dates promised after it
 * and takes it out of the measurers' calendar.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { SlotsAnswer } from '#domain/appointments/appointment';
import { deliveryEstimate } from '#domain/calendar/calendar';
import type { DeliveryZone } from '#domain/calendar/lead-times';
import type { DeliveryEstimate } from '#domain/calendar/estimate-schema';
import type { ShopClosures } from '#domain/calendar/closures';
import type { CheckoutQuote } from '#domain/checkout/checkout';
import { WOOD_SMOOTH_COLORS } from '#domain/catalogue/colors';
import type { FamilyId } from '#domain/catalogue/families';
import { defaultConfiguration } from '#domain/pricing/configuration';
import { auditEntriesOf, staffIdOf } from '../../support/audit-log';
import {
  addToCart,
  api,
  blind,
  DALLAS,
  DENVER,
  myOrder,
  newShopper,
  placement,
  placeOrder,
} from '../../support/checkout';
import { accessTokenFor } from '../../support/user-pool';

const baseUrl = inject('baseUrl');
const staffAccount = inject('staffAccount');

let staff: { accessToken: string };

beforeAll(async () => {
  staff = { accessToken: await accessTokenFor(baseUrl, staffAccount) };
});

const closures = async () =>
  (await api<ShopClosures>(baseUrl, staff, 'GET', '/admin/shop-closures')).body.closures.map((day) => day.date);

/**
 * What the calendar promises for a call made between `before` and the answer: the cut-off may
 * pass while the call runs, so either side's dates are the promise.
 */
async function expectedAround<T>(
  call: () => Promise<T>,
  families: FamilyId[],
  zone: DeliveryZone,
): Promise<{ answer: T; expected: DeliveryEstimate[] }> {
  const closed = await closures();
  const before = deliveryEstimate({ families, zone, now: new Date(), closures: closed });
  const answer = await call();
  const after = deliveryEstimate({ families, zone, now: new Date(), closures: closed });
  return { answer, expected: [before!, after!] };
}

const wood = blind({ ...defaultConfiguration('wood-blinds'), color: WOOD_SMOOTH_COLORS[0]!.code });

describe('delivered-by dates', () => {
  it('the quote carries the slowest family’s dates for the address, and the order keeps them', async () => {
    const shopper = await newShopper(baseUrl);
    await addToCart(baseUrl, shopper, blind());
    await addToCart(baseUrl, shopper, wood);
    const quote = (shippingAddress?: unknown) =>
      api<CheckoutQuote>(baseUrl, shopper, 'POST', '/checkout/quote', shippingAddress ? { shippingAddress } : {});

    expect((await quote()).body.estimate).toBeNull();

    const dallas = await expectedAround(() => quote(DALLAS), ['wood-blinds'], 'dfw');
    expect(dallas.expected).toContainEqual(dallas.answer.body.estimate);
    const denver = await expectedAround(() => quote(DENVER), ['wood-blinds'], 'elsewhere');
    expect(denver.expected).toContainEqual(denver.answer.body.estimate);
    expect(denver.answer.body.estimate!.deliveredBy > dallas.answer.body.estimate!.deliveredBy).toBe(true);

    const placed = await expectedAround(
      () => placeOrder(baseUrl, shopper, placement(shopper, { shippingAddress: DENVER })),
      ['wood-blinds'],
      'elsewhere',
    );
    expect(placed.expected).toContainEqual((await myOrder(baseUrl, shopper, placed.answer.orderId)).estimate);
  });

  it('the product page’s route answers a family’s dates to DFW, and names a wrong family', async () => {
    const { answer, expected } = await expectedAround(
      () => api(baseUrl, null, 'GET', '/delivery-estimate?families=mini-blinds'),
      ['mini-blinds'],
      'dfw',
    );
    expect(answer.status).toBe(200);
    expect(answer.body.zone).toBe('dfw');
    expect(expected).toContainEqual(answer.body.estimate);

    const refused = await api(baseUrl, null, 'GET', '/delivery-estimate?families=curtains');
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.fieldErrors)).toEqual([expect.stringMatching(/^families/)]);
  });

  it('a day staff close the shop moves the dates; only staff keep the list', async () => {
    const kept = (await api<ShopClosures>(baseUrl, staff, 'GET', '/admin/shop-closures')).body.closures;
    const estimate = async () =>
      (await api(baseUrl, null, 'GET', '/delivery-estimate?families=faux-wood-blinds')).body
        .estimate as DeliveryEstimate;
    const open = await estimate();
    try {
      const saved = await api(baseUrl, staff, 'PUT', '/admin/shop-closures', {
        closures: [...kept, { date: open.shipsBy, reason: 'Stock-taking' }],
      });
      expect(saved.status).toBe(200);
      const closed = await estimate();
      expect(closed.shipsBy > open.shipsBy).toBe(true);
      expect(closed.deliveredBy > open.deliveredBy).toBe(true);

      // Measurers do not visit on it either: no slot listed, and a booking for it is refused.
      const slots = await api<SlotsAnswer>(
        baseUrl,
        null,
        'GET',
        `/appointments/slots?from=${open.shipsBy}&to=${open.shipsBy}`,
      );
      expect(slots.body.days.flatMap((day) => day.slots)).toEqual([]);
      const refused = await api(baseUrl, null, 'POST', '/appointments', {
        name: 'Rosa Diaz',
        address: '1200 Main St, Dallas',
        zipCode: '75201',
        phone: '(214) 555-0123',
        email: `rosa-${randomUUID()}@example.com`,
        orderNumber: '',
        date: open.shipsBy,
        time: '10:00 AM',
      });
      expect(refused.status).toBe(400);
      expect(refused.body.fieldErrors).toEqual({ date: 'The shop is closed on that day. Please choose another date.' });
    } finally {
      await api(baseUrl, staff, 'PUT', '/admin/shop-closures', { closures: kept });
    }

    const shopper = await newShopper(baseUrl);
    expect((await api(baseUrl, shopper, 'PUT', '/admin/shop-closures', { closures: [] })).status).toBe(403);
    expect((await api(baseUrl, null, 'GET', '/admin/shop-closures')).status).toBe(401);
    const refused = await api(baseUrl, staff, 'PUT', '/admin/shop-closures', {
      closures: [{ date: '2030-02-30', reason: 'Storm' }],
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body.fieldErrors)).toContain('closures');
  });

  it('each save of the list is audited once, with the list it replaced and who saved it', async () => {
    const kept = (await api<ShopClosures>(baseUrl, staff, 'GET', '/admin/shop-closures')).body.closures;
    const closed = [...kept.filter((day) => day.date !== '2031-12-26'), { date: '2031-12-26', reason: 'Stock-taking' }];
    closed.sort((a, b) => a.date.localeCompare(b.date));
    try {
      expect((await api(baseUrl, staff, 'PUT', '/admin/shop-closures', { closures: closed })).status).toBe(200);
    } finally {
      expect((await api(baseUrl, staff, 'PUT', '/admin/shop-closures', { closures: kept })).status).toBe(200);
    }
    const record = { kind: 'shopClosures', id: 'days', label: 'beyond the holidays' };
    const entries = await auditEntriesOf(baseUrl, staff, 'shopClosures', 'days');
    expect(
      entries.slice(0, 2).map(({ action, record: of, staff: by, before, after }) => ({
        action,
        record: of,
        staffId: by.id,
        before,
        after,
      })),
    ).toEqual([
      { action: 'replace', record, staffId: staffIdOf(staff), before: { closures: closed }, after: { closures: kept } },
      { action: 'replace', record, staffId: staffIdOf(staff), before: { closures: kept }, after: { closures: closed } },
    ]);
  });
});
