/**
 * The event outbox against the local stack (docs/decisions/0033): an order placed, paid and shipped
 * while the bus refuses its events answers as it always does, its changes are committed, and each
 * event goes out once the scheduled sweep runs, with one stable id however often it is published.
 */
import { describe, expect, inject, it } from 'vitest';
import type { AdminOrderDetail } from '#domain/orders/responses';
import type { BusEvent } from '../../infra/local/event-bus';
import { addToCart, api, blind, myOrder, newShopper, pay, placeOrder, stripeEvents } from '../support/checkout';
import { eventually } from '../support/eventually';
import { localTools, refusePublishing, sweepOutbox } from '../support/local-tools';
import { mailsFor } from '../support/outbox';
import { accessTokenFor } from '../support/user-pool';

const baseUrl = inject('baseUrl');

async function busEventsOf(orderId: string): Promise<BusEvent[]> {
  const { recentEvents } = (await (await localTools(baseUrl, '/event-bus')).json()) as { recentEvents: BusEvent[] };
  return recentEvents.filter((event) => (event.detail as { orderId?: string }).orderId === orderId);
}

describe('the event outbox', () => {
  it('places, pays and ships an order while the bus refuses its events: every answer succeeds, and the sweep publishes each event, once', async () => {
    const shopper = await newShopper(baseUrl);
    await addToCart(baseUrl, shopper, blind());
    const staffToken = await accessTokenFor(baseUrl, inject('staffAccount'));
    await refusePublishing(baseUrl, shopper.email);
    let orderId: string;
    try {
      const order = await placeOrder(baseUrl, shopper);
      orderId = order.orderId;
      await pay(baseUrl, order.checkoutSessionId);
      // The payment webhook answered 200 once: the paid order and its after-payment steps are committed.
      const [completed] = await eventually(
        () => stripeEvents(baseUrl, order.checkoutSessionId, 'checkout.session.completed'),
        (records) => records[0]?.delivery === 'delivered',
        10_000,
      );
      expect(completed!.deliveries.map((attempt) => attempt.response?.status)).toEqual([200]);
      expect(await myOrder(baseUrl, shopper, orderId)).toMatchObject({ status: 'processing', paymentStatus: 'paid' });
      const shipped = await api<AdminOrderDetail>(
        baseUrl,
        { accessToken: staffToken },
        'POST',
        `/admin/orders/${orderId}/transitions`,
        { action: 'ship', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
      );
      expect(shipped.status).toBe(200);
      expect(shipped.body.status).toBe('shipped');

      await sweepOutbox(baseUrl);
      expect(await busEventsOf(orderId)).toEqual([]);
    } finally {
      await refusePublishing(baseUrl, null);
    }

    const published = await eventually(
      async () => {
        await sweepOutbox(baseUrl);
        return busEventsOf(orderId);
      },
      (events) =>
        ['OrderPlaced', 'OrderPaid', 'OrderStatusChanged'].every((type) =>
          events.some((event) => event['detail-type'] === type),
        ),
      15_000,
    );
    for (const type of ['OrderPlaced', 'OrderPaid', 'OrderStatusChanged']) {
      const ids = new Set(
        published
          .filter((event) => event['detail-type'] === type)
          .map((event) => (event.detail as { eventId?: string }).eventId),
      );
      expect([...ids], type).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    }
    // The customer's mails their consumers send arrive after all.
    const { orderNumber } = published[0]!.detail as { orderNumber: string };
    const subjects = async () =>
      (await mailsFor(baseUrl, shopper.email))
        .filter((mail) => mail.to.includes(shopper.email) && mail.subject.includes(orderNumber))
        .map((mail) => mail.subject);
    expect((await eventually(subjects, (list) => list.length >= 2, 10_000)).sort()).toEqual([
      `Order confirmed: ${orderNumber}`,
      `Your order ${orderNumber} has shipped`,
    ]);
  }, 60_000);
});
