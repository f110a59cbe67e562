import { DescribeEventBusCommand, EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { describe, expect, inject, it } from 'vitest';
import { localTools } from '../support/local-tools';
import { outbox } from '../support/outbox';

// The shop's public server is no looser than AWS (docs/decisions/0013): the services the handlers
// call with IAM credentials are not on it, and the developer's and tests' tools need the key.

const baseUrl = inject('baseUrl');
const env = inject('localEnv');
const key = inject('localToolsKey');

/** Every tool, as a test or the developer calls it. */
const TOOLS: Array<[method: string, path: string, body?: unknown]> = [
  ['GET', '/_local/outbox'],
  ['GET', '/_local/outbox.json'],
  ['GET', '/_local/event-bus'],
  ['PUT', '/_local/event-bus/delivery-mode', { mode: 'twice-out-of-order' }],
  ['PUT', '/_local/event-bus/refuse-publishing', { matching: null }],
  ['POST', '/_local/schedules/SweepIdleCarts/run', { time: new Date().toISOString() }],
  ['GET', '/_local/stripe/events'],
  ['GET', '/_local/stripe/events/evt_none'],
  ['POST', '/_local/stripe/events/evt_none/deliver', { times: 1 }],
  ['POST', '/_local/stripe/sessions/cs_test_none/pay', {}],
  ['POST', '/_local/stripe/sessions/cs_test_none/async-payment', { outcome: 'succeeded' }],
  ['POST', '/_local/stripe/sessions/cs_test_none/expire', {}],
  ['PUT', '/_local/stripe/refuse-checkout-sessions', { matching: null }],
];

const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${baseUrl}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

/** A mail sent as the handlers send it, through SES at AWS_ENDPOINT_URL_SESV2. */
async function mail(subject: string): Promise<void> {
  const ses = new SESv2Client({ region: env.AWS_REGION, endpoint: env.AWS_ENDPOINT_URL_SESV2, credentials });
  await ses.send(
    new SendEmailCommand({
      FromEmailAddress: env.MAIL_FROM,
      Destination: { ToAddresses: ['tools@example.com'] },
      Content: { Simple: { Subject: { Data: subject }, Body: { Text: { Data: subject } } } },
    }),
  );
  ses.destroy();
}

/** How the server answers a path under /_local that is nothing at all. */
async function nothingThere() {
  const answer = await send('GET', '/_local/nothing-here');
  return { status: answer.status, body: await answer.text() };
}

describe('the local tools without the key', () => {
  it.each(TOOLS)('%s %s answers 404, as a path that does not exist', async (method, path, body) => {
    const expected = await nothingThere();
    expect(expected.status).toBe(404);
    const wrongKeys: Array<Record<string, string>> = [
      {},
      { 'x-local-tools-key': '' },
      { 'x-local-tools-key': 'not-the-key' },
      { 'x-local-tools-key': key.slice(0, -1) },
    ];
    for (const headers of wrongKeys) {
      const answer = await send(method, path, body, headers);
      expect({ status: answer.status, body: await answer.text() }, JSON.stringify(headers)).toEqual(expected);
    }
    const wrongInQuery = await send(method, `${path}?key=${key.slice(1)}x`, body);
    expect({ status: wrongInQuery.status, body: await wrongInQuery.text() }).toEqual(expected);
  });
});

describe('the local tools with the key', () => {
  it('take it in the header or in ?key=, and the outbox page keeps it in its links', async () => {
    await mail(`Tools ${randomUUID()}`);
    const inHeader = await send('GET', '/_local/outbox.json', undefined, { 'x-local-tools-key': key });
    expect(inHeader.status).toBe(200);
    expect((await inHeader.json()).length).toBeGreaterThan(0);
    const inQuery = await send('GET', `/_local/event-bus?key=${encodeURIComponent(key)}`);
    expect(inQuery.status).toBe(200);
    expect(await inQuery.json()).toHaveProperty('deliveryMode');

    const page = await send('GET', `/_local/outbox?key=${encodeURIComponent(key)}`);
    expect(page.status).toBe(200);
    // Its URL holds the key: a link opened from a mail must not be sent it as the Referer.
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const links = [...(await page.text()).matchAll(/href="(\/_local\/outbox\?[^"]*)"/g)].map(
      (match) => new URL(match[1]!.replaceAll('&#38;', '&'), baseUrl),
    );
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.searchParams.get('key')).toBe(key);
    expect((await send('GET', `${links[0]!.pathname}${links[0]!.search}`)).status).toBe(200);
  });

  it('answer as the tools do: the schedules and the Stripe control surface', async () => {
    const badClock = await localTools(baseUrl, '/schedules/SweepIdleCarts/run', {
      method: 'POST',
      body: JSON.stringify({ time: 'not a date' }),
    });
    expect(badClock.status).toBe(400);
    expect(await badClock.json()).toEqual({ message: 'time must be an ISO date' });
    const unknownSession = await localTools(baseUrl, '/stripe/sessions/cs_test_none/pay', {
      method: 'POST',
      body: '{}',
    });
    expect(unknownSession.status).toBe(404);
    expect(await unknownSession.json()).toMatchObject({ error: { code: 'resource_missing' } });
    const events = await localTools(baseUrl, '/stripe/events');
    expect(events.status).toBe(200);
    expect(await events.json()).toHaveProperty('data');
  });
});

describe("the Stripe stand-in's hosted payment page", () => {
  it('needs no key: a shopper pays there', async () => {
    const stripe = new Stripe(env.STRIPE_SECRET_KEY!, {
      host: env.STRIPE_API_HOST,
      port: env.STRIPE_API_PORT,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        { price_data: { currency: 'usd', unit_amount: 4_500, product_data: { name: 'Faux wood blind' } }, quantity: 1 },
      ],
      success_url: `${baseUrl}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${baseUrl}/checkout/cancel`,
    });
    const page = await fetch(session.url!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Faux wood blind');
  });
});

describe('the AWS services the handlers call (EventBridge, SES, @connections)', () => {
  it('are not on the public server, at their old paths or any other, key or not', async () => {
    const subject = `Forged ${randomUUID()}`;
    const attempts: Array<[path: string, headers: Record<string, string>, body: string]> = [
      [
        '/_local/eventbridge',
        { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSEvents.PutEvents' },
        JSON.stringify({
          Entries: [
            {
              Source: 'shop',
              DetailType: 'OrderPaid',
              Detail: JSON.stringify({ subject }),
              EventBusName: env.EVENT_BUS_NAME,
            },
          ],
        }),
      ],
      [
        '/_local/ses/v2/email/outbound-emails',
        { 'content-type': 'application/json' },
        JSON.stringify({
          FromEmailAddress: env.MAIL_FROM,
          Destination: { ToAddresses: ['someone@example.com'] },
          Content: { Simple: { Subject: { Data: subject }, Body: { Text: { Data: subject } } } },
        }),
      ],
      ['/_local/ws-management/@connections/any', {}, JSON.stringify({ text: subject })],
      [
        '/eventbridge',
        { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSEvents.PutEvents' },
        '{"Entries":[]}',
      ],
      ['/ses/v2/email/outbound-emails', { 'content-type': 'application/json' }, '{}'],
      ['/ws-management/@connections/any', {}, '{}'],
    ];
    for (const [path, headers, body] of attempts) {
      for (const withKey of [{}, { 'x-local-tools-key': key }] as Array<Record<string, string>>) {
        const answer = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { ...headers, ...withKey }, body });
        expect(answer.status, `${path} ${JSON.stringify(withKey)}`).toBe(404);
      }
    }
    const { recentEvents } = (await (await localTools(baseUrl, '/event-bus')).json()) as {
      recentEvents: Array<{ detail: { subject?: string } }>;
    };
    expect(recentEvents.filter((event) => event.detail?.subject === subject)).toEqual([]);
    expect((await outbox(baseUrl)).filter((sent) => sent.subject === subject)).toEqual([]);
  });

  it('are on a loopback port of their own that /config.json does not name, where the handlers reach them', async () => {
    const endpoints = [env.AWS_ENDPOINT_URL_EVENTBRIDGE, env.AWS_ENDPOINT_URL_SESV2, env.WEBSOCKET_MANAGEMENT_URL].map(
      (endpoint) => new URL(endpoint!),
    );
    const config = await (await fetch(`${baseUrl}/config.json`)).text();
    for (const endpoint of endpoints) {
      expect(endpoint.hostname).toBe('127.0.0.1');
      expect(endpoint.port).not.toBe(new URL(baseUrl).port);
      expect(config).not.toContain(`:${endpoint.port}`);
    }

    const bus = new EventBridgeClient({
      region: env.AWS_REGION,
      endpoint: env.AWS_ENDPOINT_URL_EVENTBRIDGE,
      credentials,
    });
    expect((await bus.send(new DescribeEventBusCommand({ Name: env.EVENT_BUS_NAME }))).Name).toBe(env.EVENT_BUS_NAME);
    bus.destroy();
    const subject = `Internal ${randomUUID()}`;
    await mail(subject);
    expect((await outbox(baseUrl)).map((sent) => sent.subject)).toContain(subject);
    const gone = await fetch(
      `${env.WEBSOCKET_MANAGEMENT_URL}/@connections/${encodeURIComponent('no-such-connection')}`,
    );
    expect(gone.status).toBe(410);
  });
});
