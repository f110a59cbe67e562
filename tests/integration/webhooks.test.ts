/**
 * Outgoing webhooks against the local stack (issue 13): signed deliveries a published Standard
 * Webhooks library verifies, retries on the schedule driven by the queue's clock, dead letters and
 * redelivery, one dead receiver holding up no other, one delivery per subscription however often
 * the bus delivers an event, the spreadsheet shapes, the address rule and the admin routes' access.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type {
  AttemptsPage,
  DeadLettersPage,
  SubscriptionListResponse,
  SubscriptionWithSecretResponse,
  TestDeliveryResponse,
} from '#domain/webhooks/api';
import { MAX_ATTEMPTS } from '#domain/webhooks/delivery';
import { PRIVATE_ADDRESS_MESSAGE } from '#domain/outgoing-address';
import { ChatMessagePosted, ChatStarted, OrderPaid } from '#events/catalog';
import { resetConfigCache } from '../../functions/lib/config';
import { publish, putOnBus } from '../../functions/lib/events';
import { auditEntriesOf, staffIdOf } from '../support/audit-log';
import { signUpConfirmedCustomer } from '../support/customer';
import { eventually } from '../support/eventually';
import { localTools } from '../support/local-tools';
import { paidOrderDetail } from '../support/paid-order';
import { signInTokens } from '../support/user-pool';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');

interface Hit {
  headers: IncomingHttpHeaders;
  body: string;
}

/** What a receiver path does at its n-th request (0-based). */
type Behaviour = (n: number) => 'ok' | 'fail' | 'hang';
const behaviours = new Map<string, Behaviour>();
const hits = new Map<string, Hit[]>();
const hanging: ServerResponse[] = [];
let receiver: Server;
let receiverUrl: string;
let staffToken: string;

beforeAll(async () => {
  // Events are published from this process as a handler publishes them, to the stack's bus.
  Object.assign(process.env, env);
  resetConfigCache();
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      const list = hits.get(path) ?? [];
      list.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      hits.set(path, list);
      const action = (behaviours.get(path) ?? (() => 'ok'))(list.length - 1);
      if (action === 'hang') return void hanging.push(res);
      res
        .writeHead(action === 'ok' ? 200 : 503, { 'content-type': 'text/plain' })
        .end(action === 'ok' ? 'thanks' : 'down');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  ({ accessToken: staffToken } = await signInTokens(baseUrl, inject('staffAccount')));
});

afterAll(async () => {
  for (const res of hanging) res.destroy();
  await new Promise((resolve) => receiver.close(resolve));
});

function admin(path: string, init: RequestInit = {}, token = staffToken): Promise<Response> {
  return fetch(`${baseUrl}/api/admin/webhooks${path}`, {
    ...init,
    headers: {
      'content-type': 'application/json',
      ...(token && { authorization: `Bearer ${token}` }),
      ...init.headers,
    },
  });
}

/** A subscription to a receiver path of its own, answering as `behaviour` says. */
async function subscribe(
  events: Array<{ type: string; shape?: string }>,
  behaviour: Behaviour = () => 'ok',
): Promise<{ id: string; secret: string; path: string }> {
  const path = `/${randomUUID()}`;
  behaviours.set(path, behaviour);
  const res = await admin('', {
    method: 'POST',
    body: JSON.stringify({ url: `${receiverUrl}${path}`, description: 'test receiver', events }),
  });
  expect(res.status).toBe(201);
  const { subscription, secret } = (await res.json()) as SubscriptionWithSecretResponse;
  return { id: subscription.id, secret, path };
}

const hitsOf = (path: string) => hits.get(path) ?? [];
const waitForHits = (path: string, count: number, timeoutMs = 15_000) =>
  eventually(
    async () => hitsOf(path),
    (list) => list.length >= count,
    timeoutMs,
  );

/** Verifies each hit as a receiver would, with the published library; answers the payloads. */
function verified(secret: string, list: Hit[]): unknown[] {
  return list.map((hit) => new Webhook(secret).verify(hit.body, hit.headers as Record<string, string>));
}

async function queueClock(advanceSeconds: number): Promise<void> {
  const res = await localTools(baseUrl, '/queues/clock', { method: 'POST', body: JSON.stringify({ advanceSeconds }) });
  expect(res.status).toBe(200);
}

/**
 * Moves the queues' clock forward in SQS's longest delay (a longer wait is spent in such steps),
 * letting what became due run, until `done` or a day and a half has passed on the clock.
 */
async function driveClockUntil(done: () => Promise<boolean> | boolean): Promise<void> {
  for (let step = 0; step < 150 && !(await done()); step++) {
    await queueClock(900);
    await eventually(
      async () =>
        ((await (await localTools(baseUrl, '/queues')).json()) as { queues: Array<{ inFlight: number }> }).queues,
      (queues) => queues.every((queue) => queue.inFlight === 0),
      15_000,
    );
  }
}

function chatStarted(customerName: string, customerPhone: string | null) {
  return { sessionId: randomUUID(), customerName, customerPhone, clientId: null, startedAt: new Date().toISOString() };
}

describe('webhooks', () => {
  it('signs each delivery so the Standard Webhooks library verifies it, and retries a failing receiver once after each failure, then stops', async () => {
    const { secret, path } = await subscribe([{ type: 'ChatStarted' }], (n) => (n < 3 ? 'fail' : 'ok'));
    await publish(ChatStarted, chatStarted('Flaky Receiver', null));
    await waitForHits(path, 1);
    await driveClockUntil(() => hitsOf(path).length >= 4);
    expect(hitsOf(path)).toHaveLength(4);
    const payloads = verified(secret, hitsOf(path));
    expect(new Set(hitsOf(path).map((hit) => hit.headers['webhook-id'])).size).toBe(1);
    expect(payloads[0]).toMatchObject({
      type: 'ChatStarted',
      data: { customerName: 'Flaky Receiver', customerPhone: null },
    });
    // A day on the clock later, nothing more.
    for (let step = 0; step < 10; step++) await queueClock(9_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(hitsOf(path)).toHaveLength(4);
  });

  it('keeps a dead receiver from delaying another, dead-letters its event after the schedule, and redelivers it with the same webhook-id', async () => {
    // The first attempt is never answered (the 10 s time-out), the later ones fail at once.
    const dead = await subscribe([{ type: 'ChatStarted' }], (n) => (n === 0 ? 'hang' : 'fail'));
    const alive = await subscribe([{ type: 'ChatStarted' }]);
    const published = Date.now();
    await publish(ChatStarted, chatStarted('Two Receivers', '214-555-0100'));
    await waitForHits(alive.path, 1, 8_000);
    expect(Date.now() - published).toBeLessThan(8_000);
    // The two deliveries go out side by side: the dead receiver's request may reach it just after the other's.
    await waitForHits(dead.path, 1, 8_000);
    expect(hitsOf(dead.path)).toHaveLength(1);

    const deadLetters = async () =>
      ((await (await admin(`/${dead.id}/dead-letters`)).json()) as DeadLettersPage).deadLetters;
    await eventually(
      async () => ((await (await admin(`/${dead.id}/attempts`)).json()) as AttemptsPage).attempts,
      (attempts) => attempts.length === 1,
      15_000,
    );
    await driveClockUntil(async () => (await deadLetters()).length > 0);
    const [deadLetter] = await deadLetters();
    expect(deadLetter).toMatchObject({ eventType: 'ChatStarted', attempts: MAX_ATTEMPTS, lastStatus: 503 });
    expect(hitsOf(dead.path)).toHaveLength(MAX_ATTEMPTS);
    const { attempts } = (await (await admin(`/${dead.id}/attempts`)).json()) as AttemptsPage;
    expect(attempts).toHaveLength(MAX_ATTEMPTS);
    expect(attempts.at(-1)).toMatchObject({ attempt: 1, ok: false, status: null, error: 'No answer within 10 s' });
    expect(hitsOf(alive.path)).toHaveLength(1);

    behaviours.set(dead.path, () => 'ok');
    const redelivered = await admin(`/${dead.id}/redeliveries`, {
      method: 'POST',
      body: JSON.stringify({ eventId: deadLetter!.eventId }),
    });
    expect(redelivered.status).toBe(202);
    await waitForHits(dead.path, MAX_ATTEMPTS + 1);
    verified(dead.secret, hitsOf(dead.path));
    expect(hitsOf(dead.path).at(-1)!.headers['webhook-id']).toBe(deadLetter!.eventId);
    expect(hitsOf(dead.path)[0]!.headers['webhook-id']).toBe(deadLetter!.eventId);

    // The receiver answers before the worker logs the attempt and then clears the failure streak.
    const health = await eventually(
      async () =>
        ((await (await admin('')).json()) as SubscriptionListResponse).subscriptions.find(
          (subscription) => subscription.id === dead.id,
        )!.health,
      (shown) => shown.succeeded === 1 && shown.failingSince === null,
      10_000,
    );
    expect(health).toMatchObject({ attempts: MAX_ATTEMPTS + 1, succeeded: 1, failingSince: null });
  }, 120_000);

  it('delivers an event the bus delivers twice once per subscription', async () => {
    const first = await subscribe([{ type: 'ChatStarted' }]);
    const second = await subscribe([{ type: 'ChatStarted', shape: 'spreadsheet' }]);
    await localTools(baseUrl, '/event-bus/delivery-mode', {
      method: 'PUT',
      body: JSON.stringify({ mode: 'twice-out-of-order' }),
    });
    try {
      await publish(ChatStarted, chatStarted('Twice Delivered', null));
      await waitForHits(first.path, 1);
      await waitForHits(second.path, 1);
    } finally {
      await localTools(baseUrl, '/event-bus/delivery-mode', {
        method: 'PUT',
        body: JSON.stringify({ mode: 'normal' }),
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(hitsOf(first.path)).toHaveLength(1);
    expect(hitsOf(second.path)).toHaveLength(1);
  });

  it('delivers an event the outbox publishes twice (two bus ids, one eventId) once per subscription, under its eventId', async () => {
    const { path } = await subscribe([{ type: 'ChatStarted' }]);
    const eventId = randomUUID();
    const detailJson = JSON.stringify({
      ...ChatStarted.detail.parse(chatStarted('Outbox Twice', null)),
      version: ChatStarted.version,
      eventId,
    });
    await putOnBus(ChatStarted.name, detailJson);
    await putOnBus(ChatStarted.name, detailJson);
    await waitForHits(path, 1);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const ours = hitsOf(path).filter((hit) => JSON.parse(hit.body).data.customerName === 'Outbox Twice');
    expect(ours.map((hit) => hit.headers['webhook-id'])).toEqual([eventId]);
    expect(JSON.parse(ours[0]!.body)).toMatchObject({ id: eventId, type: 'ChatStarted' });
  });

  it('sends the spreadsheet shapes as the old shop did: Order as a form post, new_chat and new_message as JSON', async () => {
    const { secret, path } = await subscribe([
      { type: 'OrderPaid', shape: 'spreadsheet' },
      { type: 'ChatStarted', shape: 'spreadsheet' },
      { type: 'ChatMessagePosted', shape: 'spreadsheet' },
    ]);
    const order = paidOrderDetail();
    const chat = chatStarted('Sheet Customer', null);
    await publish(ChatStarted, chat);
    await waitForHits(path, 1);
    await publish(ChatMessagePosted, {
      sessionId: chat.sessionId,
      messageId: randomUUID(),
      seq: 2,
      customerName: 'Sheet Customer',
      customerPhone: null,
      text: 'Do you install in Plano?',
      postedAt: '2026-11-23T10:00:01.000Z',
    });
    await waitForHits(path, 2);
    await publish(OrderPaid, order);
    await waitForHits(path, 3);
    verified(secret, hitsOf(path).slice(0, 2));
    const [started, message, paid] = hitsOf(path);
    expect(started!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(started!.body)).toEqual({
      type: 'new_chat',
      customerName: 'Sheet Customer',
      customerPhone: 'Not provided',
      timestamp: chat.startedAt,
    });
    expect(JSON.parse(message!.body)).toEqual({
      type: 'new_message',
      customerName: 'Sheet Customer',
      message: 'Do you install in Plano?',
      timestamp: '2026-11-23T10:00:01.000Z',
    });
    expect(paid!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = Object.fromEntries(new URLSearchParams(paid!.body));
    expect(Object.keys(form)).toEqual(['type', 'name', 'email', 'phone', 'orderNumber', 'orderDetails', 'orderDate']);
    expect(form).toMatchObject({
      type: 'Order',
      name: order.customer.name,
      email: order.customer.email,
      orderNumber: order.orderNumber,
      orderDate: order.placedAt,
    });
  });

  it('sends a test event now and answers what the receiver said', async () => {
    const { id, secret, path } = await subscribe([{ type: 'OrderPlaced' }]);
    const res = await admin(`/${id}/test`, { method: 'POST' });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as TestDeliveryResponse;
    expect(answer).toMatchObject({ ok: true, status: 200, bodyExcerpt: 'thanks', error: null });
    expect(verified(secret, hitsOf(path))[0]).toMatchObject({ id: answer.webhookId, type: 'WebhookTest' });
  });

  it('refuses a receiver in a private network, on the local stack too (where only loopback is allowed beyond public addresses)', async () => {
    // The rules as on AWS, and the look-up of names: tests/integration/outgoing-requests.test.ts.
    for (const url of ['http://10.0.0.1/hook', 'https://169.254.169.254/latest']) {
      const res = await admin('', { method: 'POST', body: JSON.stringify({ url, events: [{ type: 'OrderPlaced' }] }) });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({
        url: PRIVATE_ADDRESS_MESSAGE,
      });
    }
  });

  it('records each staff change in the audit log, a rotation with when, never a secret; a refused delete writes none', async () => {
    const { id, secret } = await subscribe([{ type: 'OrderPlaced' }]);
    const updated = await admin(`/${id}`, {
      method: 'PATCH',
      body: JSON.stringify({ description: 'orders to the ERP', active: false }),
    });
    expect(updated.status).toBe(200);
    const rotated = await admin(`/${id}/secret`, { method: 'POST' });
    expect(rotated.status).toBe(200);
    const { secret: newSecret } = (await rotated.json()) as SubscriptionWithSecretResponse;
    expect((await admin(`/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await admin(`/${id}`, { method: 'DELETE' })).status).toBe(404);

    const owner = { accessToken: staffToken };
    const entries = await auditEntriesOf(baseUrl, owner, 'webhook', id);
    expect(entries.map(({ action }) => action)).toEqual(['delete', 'rotateSecret', 'update', 'create']);
    expect(entries.every(({ staff, record }) => staff.id === staffIdOf(owner) && record.id === id)).toBe(true);
    const [deleted, rotation, update, creation] = entries;
    expect(creation).toMatchObject({
      before: null,
      after: {
        description: 'test receiver',
        events: [{ type: 'OrderPlaced' }],
        active: true,
        secretSetAt: creation!.at,
      },
    });
    expect(update).toMatchObject({
      before: { description: 'test receiver', active: true, disabledReason: null },
      after: { description: 'orders to the ERP', active: false, disabledReason: 'staff' },
    });
    expect(rotation).toMatchObject({ before: { secretSetAt: creation!.at }, after: { secretSetAt: rotation!.at } });
    expect(Object.keys(rotation!.after!)).toEqual(['secretSetAt']);
    expect(deleted).toMatchObject({ before: { description: 'orders to the ERP', active: false }, after: null });
    const logged = JSON.stringify(entries);
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain(newSecret);
  });

  it('admin routes: 401 without a token, 403 for a customer, 400 naming the field', async () => {
    expect((await admin('', {}, '')).status).toBe(401);
    const customer = await signUpConfirmedCustomer(baseUrl);
    expect((await admin('', {}, customer.accessToken)).status).toBe(403);
    expect((await admin('', { method: 'POST', body: '{}' }, customer.accessToken)).status).toBe(403);
    const bad = await admin('', {
      method: 'POST',
      body: JSON.stringify({ url: 'ftp://x', events: [{ type: 'OrderPlaced', shape: 'spreadsheet' }] }),
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as { fieldErrors: Record<string, string> }).fieldErrors).sort()).toEqual([
      'events.0.shape',
      'url',
    ]);
  });
});
