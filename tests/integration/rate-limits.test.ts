import { randomUUID } from 'node:crypto';
import { AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { CHAT_STARTS_PER_ADDRESS } from '#domain/chat/chat';
import { TRACKING_LOOKUPS_PER_ADDRESS } from '#domain/orders/requests';
import {
  CONTACT_MESSAGE_LIMITS,
  REGISTRATION_LIMITS,
  SAMPLE_REQUEST_LIMITS,
  tooManyRequestsMessage,
  windowAt,
} from '#domain/rate-limits';
import type { BusEvent } from '../../infra/local/event-bus';
import { VIEWER_ADDRESS_HEADER } from '../../functions/lib/client-address';
import { httpRoutes } from '../../functions/routes';
import type { HttpRoute } from '../../functions/routing';
import { startClockedGateway } from '../support/clocked-gateway';
import { fetchFrom, newClientAddress } from '../support/client-address';
import { localTools } from '../support/local-tools';
import { pastRouteThrottle, ROUTE_THROTTLE_MESSAGE } from '../support/route-throttle';
import { localTable } from './local-table';

/**
 * The shop's limits per recipient and per client address (domain/rate-limits.ts) and the routes'
 * throttles, through a gateway of this file's own on the tests' clock (tests/support/clocked-gateway.ts),
 * so mail goes out as it does for the stack. Each visitor sends from a loopback address of its own.
 */
const baseUrl = inject('baseUrl');
const env = inject('localEnv');
const table = localTable();

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
let clock = Date.UTC(2031, 0, 1);
let api: string;
let closeGateway: () => Promise<void>;

beforeAll(async () => {
  ({ api, close: closeGateway } = await startClockedGateway(env, () => clock));
});

afterAll(() => closeGateway());

// Each test starts ten minutes into a day of its own: fresh windows, and full throttle buckets.
beforeEach(() => {
  clock = clock - (clock % DAY_MS) + DAY_MS + 10 * 60_000;
});

interface Answer {
  status: number;
  retryAfter: string | null;
  body: { message?: string; id?: string; clientId?: string; samples?: unknown[] };
}

/** Who sends a request: the address it comes from (`fetchFrom`; by default 127.0.0.1) and headers of its own. */
interface Sender {
  from?: ReturnType<typeof fetchFrom>;
  headers?: Record<string, string>;
}

async function send(
  method: string,
  path: string,
  body: unknown,
  { from, headers = {} }: Sender = {},
  origin = api,
): Promise<Answer> {
  const response = await (from ?? fetch)(`${origin}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as Answer['body'],
  };
}

/** A request one second after the last: the route throttles refill in between, so only the shop's own limits are in play. */
function nextSecond(method: string, path: string, body: unknown, sender: Sender = {}): Promise<Answer> {
  clock += 1000;
  return send(method, path, body, sender);
}

const contactMessage = (email: string, subject: string) => ({
  name: 'Ana Lopez',
  email,
  subject,
  message: 'Do you install in Frisco?',
});

async function storedContactSubjects(email: string): Promise<string[]> {
  const { Items = [] } = await table.send(
    new QueryCommand({
      TableName: env.TABLE_NAME,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': 'CONTACT_MESSAGES' },
    }),
  );
  return Items.filter((item) => item.email === email).map((item) => item.subject as string);
}

async function storedSampleRequestsOf(email: string): Promise<Record<string, unknown>[]> {
  const { Items = [] } = await table.send(
    new QueryCommand({
      TableName: env.TABLE_NAME,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': 'SAMPLE_REQUESTS' },
    }),
  );
  return Items.filter((item) => item.email === email);
}

/** The events the stack's bus was given about `email`: what its mail consumers act on. */
async function publishedAbout(email: string, detailType: string): Promise<BusEvent[]> {
  const { recentEvents } = (await (await localTools(baseUrl, '/event-bus')).json()) as { recentEvents: BusEvent[] };
  return recentEvents.filter(
    (event) => event['detail-type'] === detailType && JSON.stringify(event.detail).includes(email),
  );
}

describe('route throttles, as API Gateway applies them', () => {
  const throttled = httpRoutes.filter(
    (route): route is HttpRoute & { throttle: NonNullable<HttpRoute['throttle']> } => route.throttle !== undefined,
  );

  it('throttle the routes that mail or create an account, take uploads, bulk quotes, signed visit links and the cXML endpoint', () => {
    expect(throttled.map((route) => `${route.method} ${route.path}`).sort()).toEqual([
      'POST /api/account/closure',
      'POST /api/admin/clients/{clientId}/closure',
      'POST /api/appointments',
      'POST /api/appointments/by-token/{token}/cancel',
      'POST /api/appointments/by-token/{token}/reschedule',
      'POST /api/chat/sessions',
      'POST /api/contact-messages',
      'POST /api/customer-quotes/{quoteId}/email',
      'POST /api/installations/by-token/{token}/cancel',
      'POST /api/installations/by-token/{token}/visit',
      'POST /api/job-applications',
      'POST /api/job-applications/uploads',
      'POST /api/price-matches',
      'POST /api/punchout/cxml',
      'POST /api/quotes',
      'POST /api/registrations',
      'POST /api/returns',
      'POST /api/returns/uploads',
      'POST /api/sample-requests',
    ]);
  });

  it("serve a burst of 500-window quotes only up to the route's burst limit, then one more per 1/rate seconds", async () => {
    const { burstLimit, rateLimit } = throttled.find((route) => route.id === 'CreateQuotes')!.throttle;
    const windows = Array.from({ length: 500 }, (_, i) => ({
      family: 'faux-wood-blinds',
      series: 'standard',
      width: { inches: 24 + (i % 40), eighths: 0 },
      length: { inches: 36 + (i % 30), eighths: 0 },
      mount: 'inside',
      measurement: 'window',
      color: 'E02',
      quantity: 1,
      options: {},
    }));
    const burst = await Promise.all(
      Array.from({ length: 2 * burstLimit }, () => send('POST', '/quotes', { configurations: windows })),
    );
    expect(burst.filter((answer) => answer.status === 200)).toHaveLength(burstLimit);
    const refused = burst.filter((answer) => answer.status !== 200);
    expect(refused).toHaveLength(burstLimit);
    for (const answer of refused) expect(answer).toMatchObject({ status: 429, body: { message: 'Too Many Requests' } });

    expect((await send('POST', '/quotes', { configurations: windows.slice(0, 1) })).status).toBe(429);
    clock += 1000 / rateLimit;
    expect((await send('POST', '/quotes', { configurations: windows.slice(0, 1) })).status).toBe(200);
  });

  it.each(['CreateRegistration', 'SubmitContactMessage', 'SubmitSampleRequest'])(
    '%s: refuse what a crowd sends past the burst before the handler runs',
    async (id) => {
      const { method, path, throttle } = throttled.find((route) => route.id === id)!;
      // An empty body from each of many addresses: the handler answers 400 without sending anything, once the throttle lets it through.
      const burst = await Promise.all(
        Array.from({ length: throttle.burstLimit + 1 }, () =>
          send(method, path.slice('/api'.length), {}, { from: fetchFrom() }),
        ),
      );
      expect(burst.map((answer) => answer.status).sort()).toEqual([
        ...Array<number>(throttle.burstLimit).fill(400),
        429,
      ]);
      clock += 1000 / throttle.rateLimit;
      expect((await send(method, path.slice('/api'.length), {}, { from: fetchFrom() })).status).toBe(400);
    },
  );
});

describe('rates per client address, as the WAF applies them before the route throttles', () => {
  const mailSending = httpRoutes.filter(
    (route) => route.throttle?.perAddress?.name === 'MailSendingRequestsPerAddress',
  );
  const { limit, windowSeconds } = mailSending[0]!.throttle!.perAddress!;

  /** A valid request of `id`'s from an address of its own (a sample request's session gets its sample first). */
  async function validRequest(id: string): Promise<Answer> {
    const from = fetchFrom();
    const email = `crowd-${randomUUID()}@example.com`;
    if (id === 'CreateRegistration') {
      return send(
        'POST',
        '/registrations',
        {
          firstName: 'Ida',
          lastName: 'Honest',
          email,
          phone: '214-555-0100',
          password: 'Blinds2024',
          confirmPassword: 'Blinds2024',
        },
        { from },
      );
    }
    if (id === 'SubmitContactMessage')
      return send('POST', '/contact-messages', contactMessage(email, 'Hello'), { from });
    const session = { from, headers: { 'x-shopping-session-id': `crowd-${randomUUID()}` } };
    expect((await send('POST', '/samples', { family: 'faux-wood-blinds', colorCode: 'E02' }, session)).status).toBe(
      201,
    );
    return send(
      'POST',
      '/sample-requests',
      { name: 'Ida Honest', email, address1: '12 Elm St', city: 'Plano', state: 'TX', zipCode: '75024' },
      session,
    );
  }

  it('cover every route that mails or creates an account, and only those', () => {
    expect(mailSending.map((route) => route.id).sort()).toEqual(
      httpRoutes
        .filter((route) => route.throttle !== undefined && !['CreateQuotes', 'PunchoutCxml'].includes(route.id))
        .map((route) => route.id)
        .sort(),
    );
  });

  it.each(['CreateRegistration', 'SubmitContactMessage', 'SubmitSampleRequest'])(
    '%s: one address sending invalid bodies 3 times a second keeps none of ten other addresses out',
    async (id) => {
      const { method, path } = mailSending.find((route) => route.id === id)!;
      const flooder = { from: fetchFrom() };
      const flood: Answer[] = [];
      const others: Answer[] = [];
      for (let second = 0; second < 30; second += 1) {
        for (let i = 0; i < 3; i += 1) flood.push(await send(method, path.slice('/api'.length), {}, flooder));
        // In the middle of the flood, once the flooder's three of each second have gone first.
        if (second >= 10 && second < 20) others.push(await validRequest(id));
        clock += 1000;
      }
      expect(others.map((answer) => answer.status)).toEqual(Array<number>(10).fill(201));
      // The flooder's first `limit` reach the handler (400: nothing sent); the rest are the WAF's.
      expect(flood.slice(0, limit).every((answer) => answer.status === 400)).toBe(true);
      for (const answer of flood.slice(limit)) {
        expect(answer).toEqual({
          status: 429,
          retryAfter: String(windowSeconds),
          body: { message: 'Too Many Requests' },
        });
      }
    },
  );

  it('count one address on all those routes together, until the window has passed; other addresses are not held back', async () => {
    const address = newClientAddress();
    const routes = mailSending.filter((route) =>
      ['CreateRegistration', 'SubmitContactMessage', 'SubmitSampleRequest'].includes(route.id),
    );
    const request = (i: number, from = fetchFrom(address)) =>
      send('POST', routes[i % routes.length]!.path.slice('/api'.length), {}, { from });
    for (let i = 0; i < limit; i += 1) {
      expect((await request(i)).status).toBe(400);
      clock += 1000;
    }
    expect(await request(limit)).toMatchObject({ status: 429, retryAfter: String(windowSeconds) });
    expect((await request(limit, fetchFrom())).status).toBe(400);
    clock += windowSeconds * 1000;
    expect((await request(limit + 1)).status).toBe(400);
  });
});

describe('contact messages', () => {
  it('acknowledge to one address at most 3 times an hour: the 4th answers 429 with Retry-After and is neither kept nor mailed', async () => {
    const email = `relay-victim-${randomUUID()}@example.com`;
    const { limit } = CONTACT_MESSAGE_LIMITS.perRecipient;
    for (let i = 1; i <= limit; i += 1) {
      expect(
        (await nextSecond('POST', '/contact-messages', contactMessage(email, `Message ${i}`), { from: fetchFrom() }))
          .status,
      ).toBe(201);
    }

    const refused = await nextSecond('POST', '/contact-messages', contactMessage(email.toUpperCase(), 'One too many'), {
      from: fetchFrom(),
    });
    const untilNextHour = Math.ceil((HOUR_MS - (clock % HOUR_MS)) / 1000);
    expect(refused).toEqual({
      status: 429,
      retryAfter: String(untilNextHour),
      body: { message: `Too many requests. Please try again in ${Math.ceil(untilNextHour / 60)} minutes.` },
    });
    expect((await storedContactSubjects(email)).sort()).toEqual(['Message 1', 'Message 2', 'Message 3']);
    expect(await publishedAbout(email, 'ContactMessageSubmitted')).toHaveLength(limit);

    clock += untilNextHour * 1000;
    expect(
      (await send('POST', '/contact-messages', contactMessage(email, 'Next hour'), { from: fetchFrom() })).status,
    ).toBe(201);
  });

  it('are taken from one client address at most 10 times an hour, whoever they are to; other addresses are not held back', async () => {
    const sender = { from: fetchFrom() };
    const { limit } = CONTACT_MESSAGE_LIMITS.perClientAddress;
    for (let i = 1; i <= limit; i += 1) {
      expect(
        (
          await nextSecond(
            'POST',
            '/contact-messages',
            contactMessage(`bulk-${i}-${randomUUID()}@example.com`, 'Hello'),
            sender,
          )
        ).status,
      ).toBe(201);
    }
    const refusedTo = `bulk-last-${randomUUID()}@example.com`;
    const refused = await nextSecond('POST', '/contact-messages', contactMessage(refusedTo, 'Hello'), sender);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many requests\. Please try again in \d+ minutes\.$/);
    expect(await storedContactSubjects(refusedTo)).toEqual([]);

    expect(
      (await nextSecond('POST', '/contact-messages', contactMessage(refusedTo, 'Hello'), { from: fetchFrom() })).status,
    ).toBe(201);
  });
});

describe('registrations', () => {
  it('are taken from one client address at most 10 times an hour; the 11th creates no Cognito user, so no confirmation is mailed', async () => {
    const sender = { from: fetchFrom() };
    const register = (email: string) =>
      nextSecond(
        'POST',
        '/registrations',
        {
          firstName: 'Bo',
          lastName: 'Bulk',
          email,
          phone: '214-555-0100',
          password: 'Blinds2024',
          confirmPassword: 'Blinds2024',
        },
        sender,
      );
    for (let i = 1; i <= REGISTRATION_LIMITS.perClientAddress.limit; i += 1) {
      expect((await register(`signup-${i}-${randomUUID()}@example.com`)).status).toBe(201);
    }
    const refusedEmail = `signup-last-${randomUUID()}@example.com`;
    const refused = await register(refusedEmail);
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);

    const userPool = new CognitoIdentityProviderClient({
      region: env.AWS_REGION,
      endpoint: env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    await expect(
      userPool.send(new AdminGetUserCommand({ UserPoolId: env.USER_POOL_ID, Username: refusedEmail })),
    ).rejects.toMatchObject({
      name: 'UserNotFoundException',
    });
    userPool.destroy();
  });

  it('of one e-mail are attempted at most 3 times an hour, the refused ones included', async () => {
    const email = `again-${randomUUID()}@example.com`;
    const form = {
      firstName: 'Al',
      lastName: 'Again',
      email,
      phone: '214-555-0100',
      password: 'Blinds2024',
      confirmPassword: 'Blinds2024',
    };
    const statuses: number[] = [];
    for (let i = 0; i <= REGISTRATION_LIMITS.perRecipient.limit; i += 1)
      statuses.push((await nextSecond('POST', '/registrations', form, { from: fetchFrom() })).status);
    expect(statuses).toEqual([201, 409, 409, 429]);
  });
});

describe('sample requests', () => {
  it('mail one shopper at most 3 times a day: the 4th answers 429 until the day ends and keeps the sample cart as it was', async () => {
    const email = `samples-${randomUUID()}@example.com`;
    const shopper = { name: 'Dana Reyes', email, address1: '12 Elm St', city: 'Plano', state: 'TX', zipCode: '75024' };
    const requestFromNewSession = async () => {
      const session = { from: fetchFrom(), headers: { 'x-shopping-session-id': `rate-limits-${randomUUID()}` } };
      expect(
        (await nextSecond('POST', '/samples', { family: 'faux-wood-blinds', colorCode: 'E02' }, session)).status,
      ).toBe(201);
      return { session, answer: await nextSecond('POST', '/sample-requests', shopper, session) };
    };
    for (let i = 0; i < SAMPLE_REQUEST_LIMITS.perRecipient.limit; i += 1)
      expect((await requestFromNewSession()).answer.status).toBe(201);

    const { session, answer } = await requestFromNewSession();
    expect(answer).toMatchObject({ status: 429, retryAfter: String(Math.ceil((DAY_MS - (clock % DAY_MS)) / 1000)) });
    expect(answer.body.message).toMatch(/^Too many requests\. Please try again in \d+ hours\.$/);
    expect((await send('GET', '/samples', undefined, session)).body.samples).toHaveLength(1);
    // Each request allowed opened its payment page; the refused one made none.
    expect(await storedSampleRequestsOf(email)).toHaveLength(SAMPLE_REQUEST_LIMITS.perRecipient.limit);
  });
});

describe('live chats', () => {
  it('are started from one client address at most 20 times an hour (each may mail staff); other addresses are not held back', async () => {
    const sender = { from: fetchFrom() };
    const start = (from: Sender) => nextSecond('POST', '/chat/sessions', { name: 'Flood' }, from);
    for (let i = 1; i <= CHAT_STARTS_PER_ADDRESS.limit; i += 1) expect((await start(sender)).status).toBe(201);
    const refused = await start(sender);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many requests\. Please try again in \d+ minutes\.$/);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect((await start({ from: fetchFrom() })).status).toBe(201);
  });
});

describe('order tracking', () => {
  it('looks orders up from one client address at most 30 times an hour, so pairs of number and e-mail cannot be tried at the throttle', async () => {
    const guesser = { from: fetchFrom() };
    const lookUp = (from: Sender) =>
      nextSecond(
        'GET',
        `/track-order?orderNumber=HBB-ABCDEF&email=${encodeURIComponent('someone@example.com')}`,
        undefined,
        from,
      );
    for (let i = 1; i <= TRACKING_LOOKUPS_PER_ADDRESS.limit; i += 1) expect((await lookUp(guesser)).status).toBe(404);
    const refused = await lookUp(guesser);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many requests\. Please try again in \d+ minutes\.$/);
    expect((await lookUp({ from: fetchFrom() })).status).toBe(404);
  });
});

describe("the local stack's server, standing in for CloudFront", () => {
  const stackApi = `${baseUrl}/api`;
  const { rateLimit } = httpRoutes.find((route) => route.id === 'SubmitSampleRequest')!.throttle!;

  /**
   * A request through the stack's route throttle, which other test files share: one it refuses (API
   * Gateway's own 429, before any handler) is sent again once the bucket has a token back.
   */
  const pastThrottle = (request: () => Promise<Answer>) =>
    pastRouteThrottle(
      request,
      (answer) => answer.status === 429 && answer.body.message === ROUTE_THROTTLE_MESSAGE,
      1000 / rateLimit,
    );

  /** A sample request from `sender`'s session of one sample, for a shopper of its own: only the per-address limit is in play. */
  async function sampleRequest(sender: Sender): Promise<Answer> {
    const session = { ...sender, headers: { ...sender.headers, 'x-shopping-session-id': `forged-${randomUUID()}` } };
    expect(
      (await send('POST', '/samples', { family: 'faux-wood-blinds', colorCode: 'E02' }, session, stackApi)).status,
    ).toBe(201);
    const shopper = {
      name: 'Fay Forge',
      email: `forged-${randomUUID()}@example.com`,
      address1: '12 Elm St',
      city: 'Plano',
      state: 'TX',
      zipCode: '75024',
    };
    return pastThrottle(() => send('POST', '/sample-requests', shopper, session, stackApi));
  }

  it('counts a request against the address it comes from, whatever True-Client-IP it names, and never against the address it names', async () => {
    const address = newClientAddress();
    const forging = (named: string): Sender => ({
      from: fetchFrom(address),
      headers: { [VIEWER_ADDRESS_HEADER]: named },
    });
    for (let i = 1; i <= SAMPLE_REQUEST_LIMITS.perClientAddress.limit; i += 1) {
      expect((await sampleRequest(forging(newClientAddress()))).status).toBe(201);
    }
    // This server runs on the real clock: the wait is what is left of today's window, in minutes in its last 90.
    const waitFrom = (instant: Date) =>
      tooManyRequestsMessage(windowAt(SAMPLE_REQUEST_LIMITS.perClientAddress, instant).end - instant.getTime() / 1000);
    const before = new Date();
    const refused = await sampleRequest(forging(newClientAddress()));
    const after = new Date();
    expect(refused.status).toBe(429);
    expect([waitFrom(before), waitFrom(after)]).toContain(refused.body.message);

    // Naming the spent address does not put another visitor's request on its count either.
    expect((await sampleRequest({ from: fetchFrom(), headers: { [VIEWER_ADDRESS_HEADER]: address } })).status).toBe(
      201,
    );
  });
});
