/**
 * Outgoing webhooks through the local stack (issue 13): events published to the bus as a handler
 * publishes them, fanned out, queued and sent signed to a receiver on this machine.
 * - delay: from publishing an event to its receiver's first request, one event at a time, p50/p99;
 * - throughput: a burst of events published at once, deliveries a second until the last arrives.
 * The subscription is made through the store (one item); everything after goes the way events do.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { newSigningSecret } from '#domain/webhooks/signing';
import { CartItemAdded } from '#events/catalog';
import { publish } from '../functions/lib/events';
import { putSubscription } from '../functions/webhooks/store';
import { formatLatency, latencyOf } from './latency';

const WARM_UP = 10;
const DELAY_EVENTS = 100;
const BURST_EVENTS = 300;

export async function benchmarkWebhooks(): Promise<string[]> {
  // The webhook-id is the bus's event id, which a publisher does not see: events are told apart by cartId.
  const byCart = new Map<string, () => void>();
  const received = (cartId: string) => new Promise<void>((resolve) => byCart.set(cartId, resolve));
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      res.writeHead(204).end();
      const { data } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { cartId: string } };
      byCart.get(data.cartId)?.();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const now = new Date().toISOString();
  await putSubscription({
    id: randomUUID(),
    url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
    description: 'bench receiver',
    events: [{ type: 'CartItemAdded', shape: 'envelope' }],
    active: true,
    disabledReason: null,
    disabledAt: null,
    secret: newSigningSecret(),
    createdAt: now,
    updatedAt: now,
  });

  const event = (cartId: string) => ({
    cartId,
    lineId: 'line',
    clientId: null,
    family: 'faux-wood',
    series: 'standard',
    quantityAdded: 1,
    unitCents: 4_140,
    addedAt: new Date().toISOString(),
  });

  const delays: number[] = [];
  for (let i = 0; i < WARM_UP + DELAY_EVENTS; i++) {
    const cartId = randomUUID();
    const arrived = received(cartId);
    const started = performance.now();
    await publish(CartItemAdded, event(cartId));
    await arrived;
    if (i >= WARM_UP) delays.push(performance.now() - started);
  }

  const cartIds = Array.from({ length: BURST_EVENTS }, () => randomUUID());
  const allArrived = Promise.all(cartIds.map(received));
  const started = performance.now();
  await Promise.all(cartIds.map((cartId) => publish(CartItemAdded, event(cartId))));
  await allArrived;
  const seconds = (performance.now() - started) / 1000;
  await new Promise((resolve) => receiver.close(resolve));

  return [
    formatLatency(`publish → first attempt (${DELAY_EVENTS} events)`, latencyOf(delays)),
    `${`deliveries a second (${BURST_EVENTS} events at once)`.padEnd(44)}${(BURST_EVENTS / seconds).toFixed(1).padStart(14)}`,
  ];
}
