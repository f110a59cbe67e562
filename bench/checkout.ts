/**
 * Checkout and orders through the local gateway (issue 9): p50/p99 of the checkout quote, of placing
 * an order (the order's transaction and its Stripe Checkout Session) and of the Stripe webhook
 * paying it (the paid transition and the after-payment steps); then one order from an empty cart to
 * delivered, with every DynamoDB, EventBridge, S3, SES and Stripe call the handlers and consumers
 * make counted by middleware on the clients they share with this process, and DynamoDB's capacity
 * units as the table reports them, priced at AWS's on-demand list prices.
 */
import { randomUUID } from 'node:crypto';
import { AdminCreateUserCommand, AdminSetUserPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { shopDateAt } from '#domain/appointments/schedule';
import { addDays } from '#domain/calendar/dates';
import { configurationSchema, defaultConfiguration } from '#domain/pricing/configuration';
import { eventCatalog } from '#events/catalog';
import {
  dynamoClient,
  eventBridgeClient,
  mailClient,
  storageClient,
  userPoolClient,
} from '../functions/lib/aws-clients';
import { stripeClient } from '../functions/lib/stripe';
import type { LocalStack } from '../infra/local/stack';
import { LOCAL_TOOLS_KEY_HEADER } from '../infra/local/local-tools-key';
import { accessTokenFor } from '../tests/support/user-pool';
import { formatLatency, latencyOf, measureLatency, type Latency } from './latency';

export interface Shopper {
  accessToken: string;
  session: string;
  email: string;
}

const DENVER = { address1: '1600 Broadway', address2: '', city: 'Denver', state: 'CO', zipCode: '80202' };
const DALLAS = { address1: '1200 Elm St', address2: '', city: 'Dallas', state: 'TX', zipCode: '75201' };

const blind = (widthInches: number) =>
  configurationSchema.parse({
    ...defaultConfiguration('faux-wood-blinds'),
    width: { inches: widthInches, eighths: 0 },
    length: { inches: 60, eighths: 0 },
  });

/** Placings and payments timed (after a few untimed): each needs a customer of its own with a cart. */
const ORDER_WARM_UP = 5;
const ORDER_RUNS = 60;

export async function call<T = any>(
  baseUrl: string,
  shopper: Partial<Shopper> | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(shopper?.accessToken ? { authorization: `Bearer ${shopper.accessToken}` } : {}),
      ...(shopper?.session ? { 'x-shopping-session-id': shopper.session } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

export async function tool<T = any>(stack: LocalStack, path: string, body: unknown = {}): Promise<T> {
  const response = await fetch(`${stack.url}/_local${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [LOCAL_TOOLS_KEY_HEADER]: stack.localToolsKey },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`/_local${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * A signed-in customer made by an administrator (Cognito's admin calls on the local pool), so the
 * bench does not meet the registration route's throttle; checkout needs the account, not a profile.
 */
export async function newShopper(stack: LocalStack): Promise<Shopper> {
  const email = `bench-${randomUUID()}@example.com`;
  const password = `Pw-${randomUUID().slice(0, 8)}Aa1`;
  const pool = { UserPoolId: stack.env.USER_POOL_ID, Username: email };
  await userPoolClient().send(
    new AdminCreateUserCommand({
      ...pool,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  await userPoolClient().send(new AdminSetUserPasswordCommand({ ...pool, Password: password, Permanent: true }));
  return { accessToken: await accessTokenFor(stack.url, { email, password }), session: `bench-${randomUUID()}`, email };
}

export function placement(shopper: Shopper, shippingAddress = DENVER) {
  return {
    placementKey: randomUUID(),
    customer: { name: 'Bench Buyer', email: shopper.email, phone: '' },
    shippingAddress,
    billingSameAsShipping: true,
    installation: false,
  };
}

export const sessionIdOf = (checkoutUrl: string) => new URL(checkoutUrl).pathname.split('/').pop()!;

/** Calls per service and operation, and DynamoDB's consumed capacity. */
class CallCounter {
  readonly calls = new Map<string, number>();
  readUnits = 0;
  writeUnits = 0;
  readonly writeUnitsBy = new Map<string, number>();
  reportedCapacity = false;

  addWrite(operation: string, units: number): void {
    this.writeUnits += units;
    this.writeUnitsBy.set(operation, (this.writeUnitsBy.get(operation) ?? 0) + units);
  }

  count(name: string): void {
    this.calls.set(name, (this.calls.get(name) ?? 0) + 1);
  }

  total(service: string): number {
    return [...this.calls].filter(([name]) => name.startsWith(`${service} `)).reduce((sum, [, n]) => sum + n, 0);
  }

  /** A copy of the figures so far, unchanged by later calls. */
  snapshot(): CallCounter {
    const copy = new CallCounter();
    for (const [name, n] of this.calls) copy.calls.set(name, n);
    for (const [name, units] of this.writeUnitsBy) copy.writeUnitsBy.set(name, units);
    Object.assign(copy, {
      readUnits: this.readUnits,
      writeUnits: this.writeUnits,
      reportedCapacity: this.reportedCapacity,
    });
    return copy;
  }

  reset(): void {
    this.calls.clear();
    this.readUnits = 0;
    this.writeUnits = 0;
    this.writeUnitsBy.clear();
  }
}

type Capacity = { CapacityUnits?: number; ReadCapacityUnits?: number; WriteCapacityUnits?: number };

/**
 * Counts every request the handlers' own clients send (made on first use, shared with this
 * process): at the deserialize step, which a presigned URL never reaches. DynamoDB calls ask for
 * their consumed capacity first.
 */
function instrument(counter: CallCounter): void {
  const services: Array<[string, { middlewareStack: { add: (middleware: any, options: any) => void } }]> = [
    ['DynamoDB', dynamoClient()],
    ['EventBridge', eventBridgeClient()],
    ['S3', storageClient()],
    ['SES', mailClient()],
  ];
  for (const [service, client] of services) {
    if (service === 'DynamoDB') {
      client.middlewareStack.add(
        (next: any) => async (args: any) => {
          args.input.ReturnConsumedCapacity ??= 'TOTAL';
          return next(args);
        },
        { step: 'initialize', name: 'benchAskCapacity' },
      );
    }
    client.middlewareStack.add(
      (next: any, context: any) => async (args: any) => {
        const operation = String(context.commandName).replace(/Command$/, '');
        counter.count(`${service} ${operation}`);
        const result = await next(args);
        const consumed = result.output?.ConsumedCapacity as Capacity | Capacity[] | undefined;
        for (const capacity of [consumed ?? []].flat()) {
          counter.reportedCapacity = true;
          const units = capacity.CapacityUnits ?? 0;
          if (/Put|Update|Delete|Write/.test(operation))
            counter.addWrite(operation, capacity.WriteCapacityUnits ?? units);
          else counter.readUnits += capacity.ReadCapacityUnits ?? units;
        }
        return result;
      },
      { step: 'deserialize', priority: 'high', name: `benchCount${service}` },
    );
  }
  stripeClient().on('request', (request: { method: string; path: string }) => {
    counter.count(`Stripe ${request.method} ${request.path.replace(/\/(cs|pi|ch|re)_[A-Za-z0-9_]+/g, '/:id')}`);
  });
}

/** Waits until the bus has delivered everything and no call has been made for a while (consumers, retries). */
async function settled(stack: LocalStack, counter: CallCounter): Promise<void> {
  let last = -1;
  for (;;) {
    await stack.bus.drained();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const now = [...counter.calls.values()].reduce((a, b) => a + b, 0);
    if (now === last) return;
    last = now;
  }
}

/** US East (N. Virginia) list prices, per request or unit. */
const PRICES = {
  dynamoWriteUnit: 0.625 / 1e6,
  dynamoReadUnit: 0.125 / 1e6,
  eventBridgeEvent: 1 / 1e6,
  httpApiRequest: 1 / 1e6,
  lambdaRequest: 0.2 / 1e6,
  s3Put: 0.005 / 1000,
  s3Get: 0.0004 / 1000,
  sesMail: 0.1 / 1000,
};

export async function benchmarkCheckout(stack: LocalStack): Promise<string[]> {
  const lines: string[] = [];
  const counter = new CallCounter();
  instrument(counter);
  const staffToken = await accessTokenFor(stack.url, stack.staffAccount);
  const staff = { accessToken: staffToken };

  // The quote: a cart of three lines and a sample, re-quoted as the address changes.
  const quoter = await newShopper(stack);
  for (const width of [35, 47, 80])
    await call(stack.url, quoter, 'POST', '/cart/items', { configuration: blind(width) });
  await call(stack.url, quoter, 'POST', '/samples', { family: 'faux-wood-blinds', colorCode: 'E02' });
  const quote = await measureLatency((i) =>
    call(stack.url, quoter, 'POST', '/checkout/quote', {
      shippingAddress: i % 2 ? { state: 'TX', zipCode: '75201' } : { state: 'CO', zipCode: '80202' },
    }).then(() => undefined),
  );

  // A property's quote (issue 27): 50 different blinds and a promotion code, which the quote looks up and applies.
  const today = shopDateAt(new Date());
  const { code } = await call(stack.url, staff, 'POST', '/admin/promotions', {
    code: `BENCH-${randomUUID().slice(0, 6)}`,
    name: 'Bench promotion',
    kind: 'percent',
    percent: 5,
    startsOn: today,
    endsOn: addDays(today, 1),
  });
  const propertyBuyer = await newShopper(stack);
  for (let width = 24; width < 74; width++)
    await call(stack.url, propertyBuyer, 'POST', '/cart/items', { configuration: blind(width) });
  const propertyQuote = await measureLatency(() =>
    call(stack.url, propertyBuyer, 'POST', '/checkout/quote', {
      shippingAddress: { state: 'TX', zipCode: '75201' },
      promoCode: code,
    }).then(() => undefined),
  );

  // Placing and paying: one customer per order, each with a blind in the cart.
  const shoppers: Shopper[] = [];
  for (let i = 0; i < ORDER_WARM_UP + ORDER_RUNS; i++) {
    const shopper = await newShopper(stack);
    await call(stack.url, shopper, 'POST', '/cart/items', { configuration: blind(35) });
    shoppers.push(shopper);
  }
  const placed: string[] = [];
  const place = await measureLatency(
    async (i) => {
      const { checkoutUrl } = await call(stack.url, shoppers[i]!, 'POST', '/orders', placement(shoppers[i]!));
      placed.push(sessionIdOf(checkoutUrl));
    },
    { warmUp: ORDER_WARM_UP, requests: ORDER_RUNS },
  );
  const paidMs: number[] = [];
  const replayMs: number[] = [];
  for (const [i, sessionId] of placed.entries()) {
    const { event } = await tool<{ event: { event: { id: string } } }>(stack, `/stripe/sessions/${sessionId}/pay`, {
      card: '4242424242424242',
      deliver: false,
    });
    const first = await tool<{ attempts: Array<{ durationMs: number; response: { status: number } }> }>(
      stack,
      `/stripe/events/${event.event.id}/deliver`,
    );
    const again = await tool<{ attempts: Array<{ durationMs: number }> }>(
      stack,
      `/stripe/events/${event.event.id}/deliver`,
    );
    if (first.attempts[0]!.response.status !== 200)
      throw new Error(`the webhook answered ${first.attempts[0]!.response.status}`);
    if (i >= ORDER_WARM_UP) {
      paidMs.push(first.attempts[0]!.durationMs);
      replayMs.push(again.attempts[0]!.durationMs);
    }
  }
  const figures: Array<[string, Latency]> = [
    ['POST /api/checkout/quote, 3 lines + a sample', quote],
    ['POST /api/checkout/quote, 50 lines + a promotion code', propertyQuote],
    ['POST /api/orders (order + Stripe session)', place],
    ['Stripe webhook: completed, pays the order', latencyOf(paidMs)],
    ['Stripe webhook: the same event again', latencyOf(replayMs)],
  ];

  // One order from an empty cart to delivered, every call counted.
  await settled(stack, counter);
  const buyer = await newShopper(stack);
  await settled(stack, counter);
  counter.reset();
  const busEventsBefore = new Set(stack.bus.recentEvents.map((event) => event.id));
  let apiRequests = 0;
  const api = <T = any>(who: Partial<Shopper> | null, method: string, path: string, body?: unknown) => {
    apiRequests += 1;
    return call<T>(stack.url, who, method, path, body);
  };
  await api(buyer, 'POST', '/cart/items', { configuration: blind(35) });
  await api(buyer, 'POST', '/cart/items', { configuration: blind(47) });
  await api(buyer, 'POST', '/samples', { family: 'faux-wood-blinds', colorCode: 'E02' });
  await api(buyer, 'POST', '/checkout/quote', { shippingAddress: { state: 'TX', zipCode: '75201' } });
  const order = await api(buyer, 'POST', '/orders', placement(buyer, DALLAS));
  await tool(stack, `/stripe/sessions/${sessionIdOf(order.checkoutUrl)}/pay`, { card: '4242424242424242' });
  await settled(stack, counter);
  await api(buyer, 'GET', `/checkout/sessions/${sessionIdOf(order.checkoutUrl)}`);
  await api(staff, 'POST', `/admin/orders/${order.orderId}/transitions`, {
    action: 'ship',
    carrier: 'UPS',
    trackingNumber: '1Z999AA10123456784',
  });
  await api(staff, 'POST', `/admin/orders/${order.orderId}/transitions`, { action: 'deliver' });
  await settled(stack, counter);
  const flow = counter.snapshot();
  const detail = await call(stack.url, buyer, 'GET', `/orders/${order.orderId}`);
  if (detail.status !== 'delivered') throw new Error(`the order ended ${detail.status}`);

  const events = await fetch(`${stack.url}/_local/stripe/events?object=${sessionIdOf(order.checkoutUrl)}`, {
    headers: { [LOCAL_TOOLS_KEY_HEADER]: stack.localToolsKey },
  });
  const webhookDeliveries = ((await events.json()) as { data: Array<{ deliveries: unknown[] }> }).data.reduce(
    (sum, record) => sum + record.deliveries.length,
    0,
  );
  const busEvents = stack.bus.recentEvents.filter((event) => !busEventsBefore.has(event.id));
  const consumerRuns = busEvents.reduce(
    (sum, event) =>
      sum + (eventCatalog.find((declared) => declared.name === event['detail-type'])?.consumers.length ?? 0),
    0,
  );
  const count = (name: string) => flow.calls.get(name) ?? 0;
  const s3Puts = count('S3 PutObject');
  const s3Gets = count('S3 GetObject') + count('S3 HeadObject');
  const lambdaRuns = apiRequests + webhookDeliveries + consumerRuns;
  const cost =
    flow.writeUnits * PRICES.dynamoWriteUnit +
    flow.readUnits * PRICES.dynamoReadUnit +
    flow.total('EventBridge') * PRICES.eventBridgeEvent +
    (apiRequests + webhookDeliveries) * PRICES.httpApiRequest +
    lambdaRuns * PRICES.lambdaRequest +
    s3Puts * PRICES.s3Put +
    s3Gets * PRICES.s3Get +
    count('SES SendEmail') * PRICES.sesMail;

  for (const [label, latency] of figures) lines.push(formatLatency(label, latency));
  lines.push(
    '',
    `One order, empty cart to delivered (2 blinds, a sample, quote, place, pay, success page, ship, deliver; ${apiRequests} API requests, ${webhookDeliveries} webhook delivery):`,
  );
  for (const service of ['DynamoDB', 'EventBridge', 'Stripe', 'S3', 'SES']) {
    const operations = [...flow.calls]
      .filter(([name]) => name.startsWith(`${service} `))
      .sort(([a], [b]) => a.localeCompare(b));
    lines.push(
      `  ${service.padEnd(12)}${String(flow.total(service)).padStart(4)} calls  ${operations.map(([name, n]) => `${name.slice(service.length + 1)} ${n}`).join(', ')}`,
    );
  }
  lines.push(
    `  DynamoDB capacity: ${flow.reportedCapacity ? `${flow.writeUnits.toFixed(1)} WRU, ${flow.readUnits.toFixed(1)} RRU as DynamoDB Local reports them; WRU by operation: ${[...flow.writeUnitsBy].map(([name, units]) => `${name} ${units.toFixed(1)}`).join(', ')}` : 'not reported by DynamoDB Local'}`,
    `  bus events ${busEvents.length} (${[...new Set(busEvents.map((event) => event['detail-type']))].join(', ')}), consumer runs ${consumerRuns}, Lambda invocations ${lambdaRuns}`,
    `  AWS request cost per 1,000 orders at list prices: $${(cost * 1000).toFixed(3)} (DynamoDB on-demand $0.625/M WRU, $0.125/M RRU; EventBridge $1/M events; HTTP API $1/M; Lambda $0.20/M requests, duration not included; S3; SES $0.10/1,000 mails)`,
  );
  return lines;
}
