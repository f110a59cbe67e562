/**
 * Orders at property scale (docs/decisions/0057) through the local gateway: p50/p99 of reading a
 * 1,000-line cart, of its checkout quote, of saving it as a customer quote, reading, printing and
 * accepting that quote (decision 0059), of placing the cart as one order (its lines in batches, then
 * the order's transaction and a hosted checkout of at most 100 items) and of the Stripe webhook
 * paying it (the paid transition, the cart emptied in transactions of 99 lines). Each order needs a
 * customer with a full cart: a few runs, after one untimed.
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
  const quotes = await benchmarkCustomerQuotes(stack, reader!);
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
    ...quotes,
  ];
  return figures.map(([label, latency]) => formatLatency(label, latency));
}

const QUOTE_RUNS = 6;

/** A customer quote of the shopper's 1,000-line cart: saved, read, printed and accepted, each timed. */
async function benchmarkCustomerQuotes(stack: LocalStack, shopper: Shopper): Promise<Array<[string, Latency]>> {
  const { customer, shippingAddress } = placement(shopper);
  const ids: string[] = [];
  const save = await measureLatency(
    async () => {
      const quote = await call<{ id: string }>(stack.url, shopper, 'POST', '/customer-quotes', {
        customer,
        shippingAddress,
      });
      ids.push(quote.id);
    },
    { warmUp: 1, requests: QUOTE_RUNS },
  );
  const read = await measureLatency((i) => call(stack.url, shopper, 'GET', `/customer-quotes/${ids[i]}`), {
    warmUp: 1,
    requests: QUOTE_RUNS,
  });
  const print = await measureLatency(
    async (i) => {
      const response = await fetch(`${stack.url}/api/customer-quotes/${ids[i]}/pdf`, {
        headers: { authorization: `Bearer ${shopper.accessToken}` },
      });
      if (!response.ok) throw new Error(`the quote's PDF answered ${response.status}`);
      await response.arrayBuffer();
    },
    { warmUp: 1, requests: QUOTE_RUNS },
  );
  const accept = await measureLatency(
    (i) => call(stack.url, shopper, 'POST', `/customer-quotes/${ids[i]}/accept`).then(() => undefined),
    { warmUp: 1, requests: QUOTE_RUNS },
  );
  return [
    [`POST /api/customer-quotes, ${MAX_ORDER_LINES} lines`, save],
    [`GET /api/customer-quotes/{id}, ${MAX_ORDER_LINES} lines`, read],
    [`GET /api/customer-quotes/{id}/pdf, ${MAX_ORDER_LINES} lines`, print],
    [`POST /api/customer-quotes/{id}/accept, ${MAX_ORDER_LINES} lines`, accept],
  ];
}
