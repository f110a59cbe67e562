/**
 * Orders at property scale (docs/decisions/0057) through the local gateway: p50/p99 of reading a
 * 1,000-line cart, of its checkout quote, of placing it as one order (its lines in batches, then the
 * order's transaction and a hosted checkout of at most 100 items) and of the Stripe webhook paying it
 * (the paid transition, the cart emptied in transactions of 99 lines). Each order needs a customer
 * with a full cart: a few runs, after one untimed.
 */
import { MAX_ORDER_LINES } from '#domain/checkout/totals';
import type { LocalStack } from '../infra/local/stack';
import { fillPropertyCart } from '../tests/support/property-cart';
import { call, newShopper, placement, sessionIdOf, tool, type Shopper } from './checkout';
import { formatLatency, latencyOf, measureLatency, type Latency } from './latency';

const ORDER_WARM_UP = 1;
const ORDER_RUNS = 4;

const clientIdOf = (accessToken: string) =>
  (JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string }).sub;

async function propertyShopper(stack: LocalStack): Promise<Shopper> {
  const shopper = await newShopper(stack);
  await fillPropertyCart({ sessionId: shopper.session, clientId: clientIdOf(shopper.accessToken) }, MAX_ORDER_LINES);
  return shopper;
}

export async function benchmarkLargeOrders(stack: LocalStack): Promise<string[]> {
  const shoppers: Shopper[] = [];
  for (let i = 0; i < ORDER_WARM_UP + ORDER_RUNS; i++) shoppers.push(await propertyShopper(stack));
  const [reader] = shoppers;
  const readCart = await measureLatency(() => call(stack.url, reader!, 'GET', '/cart').then(() => undefined), {
    warmUp: 2,
    requests: 10,
  });
  const quote = await measureLatency(
    () =>
      call(stack.url, reader!, 'POST', '/checkout/quote', { shippingAddress: { state: 'TX', zipCode: '75201' } }).then(
        () => undefined,
      ),
    { warmUp: 2, requests: 10 },
  );
  const sessions: string[] = [];
  const place = await measureLatency(
    async (i) => {
      const { checkoutUrl } = await call(stack.url, shoppers[i]!, 'POST', '/orders', placement(shoppers[i]!));
      sessions.push(sessionIdOf(checkoutUrl));
    },
    { warmUp: ORDER_WARM_UP, requests: ORDER_RUNS },
  );
  const paidMs: number[] = [];
  for (const [i, sessionId] of sessions.entries()) {
    const { event } = await tool<{ event: { event: { id: string } } }>(stack, `/stripe/sessions/${sessionId}/pay`, {
      card: '4242424242424242',
      deliver: false,
    });
    const delivery = await tool<{ attempts: Array<{ durationMs: number; response: { status: number } }> }>(
      stack,
      `/stripe/events/${event.event.id}/deliver`,
    );
    if (delivery.attempts[0]!.response.status !== 200)
      throw new Error(`the webhook answered ${delivery.attempts[0]!.response.status}`);
    if (i >= ORDER_WARM_UP) paidMs.push(delivery.attempts[0]!.durationMs);
  }
  const figures: Array<[string, Latency]> = [
    [`GET /api/cart, ${MAX_ORDER_LINES} lines`, readCart],
    [`POST /api/checkout/quote, ${MAX_ORDER_LINES} lines`, quote],
    [`POST /api/orders, ${MAX_ORDER_LINES} lines (${ORDER_RUNS} orders)`, place],
    [`Stripe webhook paying it (${ORDER_RUNS} orders)`, latencyOf(paidMs)],
  ];
  return figures.map(([label, latency]) => formatLatency(label, latency));
}
