/**
 * What follows a paid order: what it bought leaves the cart it was placed from (and only that: what
 * was added since stays to be bought), its samples become a sample request, and OrderPaid is
 * published. Each step is idempotent, and the steps run under a lease taken on the order: the
 * webhook delivery that takes it runs them; a delivery that crashed midway lets the lease run out,
 * and the payment provider's retry of the event runs them again; once all ran the order says so, in
 * one transaction with OrderPaid (the event outbox), and nothing runs again.
 */
import { FAMILIES, FAMILY_IDS } from '#domain/catalogue/families';
import type { OrderSample } from '#domain/checkout/checkout';
import { sampleProduct, type SampleProduct } from '#domain/samples/sample';
import { OrderPaid } from '#events/orders';
import { takeOrderOutOfCart } from '../cart/cart-store';
import { outboxEvent, type OutboxEvent } from '../lib/event-outbox';
import { requestOrderSamples } from '../samples/sample-store';
import { orderSnapshotOf } from './order-events';
import { claimAfterPayment, finishAfterPayment } from './order-payment-store';
import { readOrder, type StoredOrder } from './order-store';

/** Longer than the steps take (a few table calls and one publish), shorter than the provider waits before retrying. */
const AFTER_PAYMENT_LEASE_MS = 60_000;

/** The catalogue's sample of an order's sample (its id is `<family>-<colour code>`), or the order's own words if the colour has left the catalogue. */
function sampleProductOf(sample: OrderSample): SampleProduct {
  const family = FAMILY_IDS.find((id) => sample.id.startsWith(`${id}-`));
  if (!family) throw new Error(`Sample ${sample.id} names no product family`);
  const colorCode = sample.id.slice(family.length + 1);
  return (
    sampleProduct(family, colorCode) ?? {
      id: sample.id,
      productName: sample.productName,
      productType: family,
      color: sample.color,
      colorCode,
      material: sample.material,
      imageUrl: FAMILIES[family].images[0]!,
    }
  );
}

/** What the order bought leaves its cart, and its samples become a sample request (its reference). */
async function takeOutAndRequestSamples(order: StoredOrder, now: Date): Promise<string | null> {
  if (order.cartId) await takeOrderOutOfCart(order.cartId, order.id, order.lines, now);
  const reference =
    order.samples.length > 0
      ? await requestOrderSamples(
          {
            orderId: order.id,
            orderNumber: order.orderNumber,
            sessionId: order.sessionId,
            samples: order.samples.map(sampleProductOf),
            shopper: {
              name: order.customer.name,
              email: order.customer.email,
              phone: order.customer.phone,
              ...order.shippingAddress,
            },
          },
          now,
        )
      : null;
  return reference;
}

async function runSteps(
  order: StoredOrder,
  now: Date,
): Promise<{ done: true; sampleRequestReference: string | null; paidEvent: OutboxEvent }> {
  const reference = await takeOutAndRequestSamples(order, now);
  const paidEvent = outboxEvent(OrderPaid, {
    ...orderSnapshotOf(order),
    paidAt: order.paidAt!,
    checkoutSessionId: order.checkoutSessionId!,
    paymentIntentId: order.paymentIntentId,
    amountPaidCents: order.amountPaidCents!,
    sampleRequestReference: reference,
  });
  return { done: true, sampleRequestReference: reference, paidEvent };
}

/** Runs the after-payment steps of a paid order unless they ran or another delivery is running them. */
export async function completePaidOrder(orderId: string, now: Date): Promise<void> {
  if (!(await claimAfterPayment(orderId, now, new Date(now.getTime() + AFTER_PAYMENT_LEASE_MS)))) return;
  try {
    const { order } = (await readOrder(orderId))!;
    await finishAfterPayment(orderId, await runSteps(order, now), now);
  } catch (error) {
    await finishAfterPayment(orderId, { done: false }, now);
    throw error;
  }
}

/**
 * An order placed on account starts as a paid order does, without a payment: what it bought leaves
 * the cart and its samples become a sample request, under the same lease and done-mark, so the
 * placing request and OrderPlaced's consumer (should the request stop midway) run them once between
 * them. No OrderPaid: the consumers of OrderPlaced take such an order from there.
 */
export async function startAccountOrder(orderId: string, now: Date): Promise<void> {
  if (!(await claimAfterPayment(orderId, now, new Date(now.getTime() + AFTER_PAYMENT_LEASE_MS), 'invoice'))) return;
  try {
    const { order } = (await readOrder(orderId))!;
    const sampleRequestReference = await takeOutAndRequestSamples(order, now);
    await finishAfterPayment(orderId, { done: true, sampleRequestReference, paidEvent: null }, now);
  } catch (error) {
    await finishAfterPayment(orderId, { done: false }, now);
    throw error;
  }
}
