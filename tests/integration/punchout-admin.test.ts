import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  CONFIGURATION_MESSAGES,
  generatePassword,
  PRICING_RULES_NOT_JSON_MESSAGE,
  TAKEN_MESSAGES,
} from '#domain/punchout/configuration';
import type { ConfigurationTestAnswer, DeadLetter, IntegrationRun, MonitorAnswer } from '#domain/punchout/monitor';
import { fetchFrom } from '../support/client-address';
import { registerConfirmedCustomer } from '../support/customer';
import { eventually } from '../support/eventually';
import { localTools } from '../support/local-tools';
import { mailsFor } from '../support/outbox';
import { accessTokenFor, signInTokens } from '../support/user-pool';

const baseUrl = inject('baseUrl');
let staffToken: string;
let customerToken: string;
let clientId: string;

async function api(method: string, path: string, body?: unknown, token: string | null = staffToken) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      ...(token && { authorization: `Bearer ${token}` }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

const unique = () => randomUUID().slice(0, 8);
const form = (overrides: Record<string, unknown> = {}) => ({
  clientId,
  accountNumber: `RP-${unique()}`,
  propertyName: `Oak Court ${unique()}`,
  identity: `oak-${unique()}`,
  pricingRules: '{ "discount": 0.1 }',
  ...overrides,
});

beforeAll(async () => {
  staffToken = await accessTokenFor(baseUrl, inject('staffAccount'));
  customerToken = (await registerConfirmedCustomer(baseUrl, { firstName: 'Cora', lastName: 'Customer' })).accessToken;
  const email = `manager-${unique()}@example.com`;
  const password = generatePassword();
  const created = await api('POST', '/admin/punchout/clients', {
    firstName: 'Pat',
    lastName: 'Manager',
    email,
    phone: '214-555-0111',
    accountType: 'realpage',
    password,
  });
  expect(created.status).toBe(201);
  clientId = created.body.clientId;
  // The account is made and signs in with the password staff gave it; the e-mail cannot be taken twice.
  expect((await signInTokens(baseUrl, { email, password })).accessToken).toBeTruthy();
  expect(
    (
      await api('POST', '/admin/punchout/clients', {
        firstName: 'Pat',
        lastName: 'Again',
        email,
        accountType: 'individual',
        password,
      })
    ).status,
  ).toBe(409);
});

describe('punch-out configurations', () => {
  it('are created, listed and read without their secret, and updated; the secret is in no event', async () => {
    const created = await api('POST', '/admin/punchout/configurations', form({ dunsNumber: '' }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      clientId,
      buyerSystem: 'RealPage',
      attributeLines: true,
      pricingRules: { discount: 0.1 },
      dunsNumber: null,
      active: true,
    });
    const { id, newSharedSecret: sharedSecret } = created.body;

    const list = await api('GET', '/admin/punchout/configurations');
    const listed = list.body.configurations.find((configuration: { id: string }) => configuration.id === id);
    expect(listed).toMatchObject({ hasSharedSecret: true, client: { id: clientId, name: 'Pat Manager' } });
    expect(listed).not.toHaveProperty('sharedSecret');
    expect(JSON.stringify(list.body)).not.toContain(sharedSecret);

    const read = (await api('GET', `/admin/punchout/configurations/${id}`)).body;
    expect(read).toMatchObject({ id, hasSharedSecret: true });
    expect(JSON.stringify(read)).not.toContain(sharedSecret);
    const updated = await api('PUT', `/admin/punchout/configurations/${id}`, {
      ...read,
      propertyName: 'Oak Court East',
      active: false,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id, propertyName: 'Oak Court East', active: false, version: 2 });

    const bus = (await (await localTools(baseUrl, '/event-bus')).json()) as { recentEvents: unknown[] };
    expect(JSON.stringify(bus.recentEvents)).not.toContain(sharedSecret);
  });

  it("refuses a save without the spec's fields, and pricing rules that are not JSON, naming the field", async () => {
    const empty = await api('POST', '/admin/punchout/configurations', {});
    expect(empty.status).toBe(400);
    expect(empty.body.fieldErrors).toMatchObject(CONFIGURATION_MESSAGES);
    const badJson = await api('POST', '/admin/punchout/configurations', form({ pricingRules: '{ "discount": 0.1' }));
    expect(badJson.status).toBe(400);
    expect(badJson.body.fieldErrors).toEqual({ pricingRules: PRICING_RULES_NOT_JSON_MESSAGE });
  });

  it('gives an account number and an identity to exactly one of concurrent creates, and moves them on update', async () => {
    const accountNumber = `RP-${unique()}`;
    const identity = `race-${unique()}`;
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        api('POST', '/admin/punchout/configurations', form({ accountNumber, identity: `${identity}-${i}` })),
      ),
    );
    expect(answers.map(({ status }) => status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(answers.find(({ status }) => status === 409)!.body.fieldErrors).toEqual({
      accountNumber: TAKEN_MESSAGES.accountNumber,
    });

    const sameIdentity = await Promise.all(
      [0, 1, 2].map(() => api('POST', '/admin/punchout/configurations', form({ identity }))),
    );
    expect(sameIdentity.map(({ status }) => status).sort()).toEqual([201, 409, 409]);
    expect(sameIdentity.find(({ status }) => status === 409)!.body.fieldErrors).toEqual({
      identity: TAKEN_MESSAGES.identity,
    });

    // An account number given up by an update is free again.
    const winner = answers.find(({ status }) => status === 201)!.body;
    expect(
      (await api('PUT', `/admin/punchout/configurations/${winner.id}`, { ...winner, accountNumber: `RP-${unique()}` }))
        .status,
    ).toBe(200);
    expect((await api('POST', '/admin/punchout/configurations', form({ accountNumber }))).status).toBe(201);
  });

  it('lets the properties of one buying organisation share its DUNS number and network id', async () => {
    const organisation = { dunsNumber: `${Date.now()}`.slice(-9), networkId: `AN${unique()}` };
    const properties = await Promise.all(
      [0, 1].map(() => api('POST', '/admin/punchout/configurations', form(organisation))),
    );
    expect(properties.map(({ status }) => status)).toEqual([201, 201]);
  });
});

describe('Test Configuration', () => {
  it('passes every step for a good configuration and names the failing step for an inactive one', async () => {
    const { body: configuration } = await api('POST', '/admin/punchout/configurations', form());
    const good = await api('POST', `/admin/punchout/configurations/${configuration.id}/test`, {});
    expect(good.status).toBe(200);
    const answer = good.body as ConfigurationTestAnswer;
    expect(answer.steps.map(({ name, ok }) => [name, ok])).toEqual([
      ['Configuration valid', true],
      ['Request built', true],
      ['Endpoint answered', true],
      ['Status 200', true],
      ['StartPage URL present and well-formed', true],
    ]);
    expect(answer.ok).toBe(true);

    expect(JSON.stringify(answer)).not.toContain(configuration.newSharedSecret);

    expect(
      (await api('PUT', `/admin/punchout/configurations/${configuration.id}`, { ...configuration, active: false }))
        .status,
    ).toBe(200);
    const inactive = (await api('POST', `/admin/punchout/configurations/${configuration.id}/test`, {}))
      .body as ConfigurationTestAnswer;
    expect(inactive.ok).toBe(false);
    expect(inactive.steps.find(({ ok }) => !ok)).toMatchObject({
      name: 'Status 200',
      detail: expect.stringContaining('401'),
    });
  });
});

describe('System Monitor', () => {
  it('counts active configurations and runs the integration tests for each of them', async () => {
    const before = (await api('GET', '/admin/monitor')).body as MonitorAnswer;
    expect(before.integrationStatus).toMatch(/^(online|degraded)$/);
    const { body: active } = await api('POST', '/admin/punchout/configurations', form());
    const after = (await api('GET', '/admin/monitor')).body as MonitorAnswer;
    expect(after.activeConfigurations).toBeGreaterThanOrEqual(before.activeConfigurations! + 1);

    const orders = after.totalOrders;
    const run = await api('POST', '/admin/monitor/integration-tests');
    expect(run.status).toBe(200);
    const result = (run.body as IntegrationRun).results.find(({ configurationId }) => configurationId === active.id);
    expect(result?.checks.map(({ name, ok }) => [name, ok])).toEqual([
      ['Price and availability', true],
      ['Order integration', true],
      ['Database connectivity', true],
      ['Configuration validation', true],
    ]);
    const monitor = (await api('GET', '/admin/monitor')).body as MonitorAnswer;
    expect(monitor.lastIntegrationRun).toMatchObject({ id: run.body.id });
    // The test order was never made.
    expect(monitor.totalOrders).toBe(orders);
  });

  it('records a failed event delivery and redelivers it to its consumer on retry', async () => {
    const marker = `dead-letter-${unique()}`;
    const email = `${marker}@example.com`;
    const fail = (consumerIds: string[]) =>
      localTools(baseUrl, '/event-bus/failing-consumers', {
        method: 'PUT',
        body: JSON.stringify({ consumerIds, matching: marker }),
      });
    await fail(['NotifyStaffOfContactMessage']);
    try {
      const sent = await fetchFrom()(`${baseUrl}/api/contact-messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Dee Letter',
          email,
          phone: '214-555-0100',
          hasExistingOrder: false,
          subject: marker,
          message: 'Hello',
        }),
      });
      expect(sent.status).toBe(201);
      const deadLetters = await eventually(
        async () =>
          ((await api('GET', '/admin/dead-letters')).body.deadLetters as DeadLetter[]).filter(({ event }) =>
            JSON.stringify(event.detail).includes(marker),
          ),
        (found) => found.length > 0,
        15_000,
      );
      expect(deadLetters[0]).toMatchObject({
        consumerId: 'NotifyStaffOfContactMessage',
        eventType: 'ContactMessageSubmitted',
        retriedAt: null,
      });
      expect((await api('GET', '/admin/monitor')).body.integrationStatus).toBe('degraded');
    } finally {
      await fail([]);
    }
    const [deadLetter] = ((await api('GET', '/admin/dead-letters')).body.deadLetters as DeadLetter[]).filter(
      ({ event }) => JSON.stringify(event.detail).includes(marker),
    );
    const retried = await api('POST', `/admin/dead-letters/${deadLetter!.id}/retry`);
    expect(retried.status).toBe(202);
    expect(retried.body.retriedAt).toEqual(expect.any(String));
    expect((await api('POST', `/admin/dead-letters/${deadLetter!.id}/retry`)).status).toBe(409);
    // The consumer ran this time: the customer's acknowledgement went out.
    await eventually(
      () => mailsFor(baseUrl, email),
      (mails) => mails.length > 0,
      15_000,
    );
  });
});

describe('admin routes', () => {
  it('refuse guests (401) and customers (403)', async () => {
    const routes: Array<[string, string]> = [
      ['GET', '/admin/punchout/configurations'],
      ['POST', '/admin/punchout/configurations'],
      ['GET', '/admin/punchout/configurations/x'],
      ['PUT', '/admin/punchout/configurations/x'],
      ['POST', '/admin/punchout/configurations/x/test'],
      ['POST', '/admin/punchout/configurations/x/secret'],
      ['POST', '/admin/punchout/clients'],
      ['GET', '/admin/monitor'],
      ['POST', '/admin/monitor/integration-tests'],
      ['GET', '/admin/dead-letters'],
      ['POST', '/admin/dead-letters/x/retry'],
    ];
    for (const [method, path] of routes) {
      expect((await api(method, path, method === 'GET' ? undefined : {}, null)).status, `${method} ${path}`).toBe(401);
      expect(
        (await api(method, path, method === 'GET' ? undefined : {}, customerToken)).status,
        `${method} ${path}`,
      ).toBe(403);
    }
  });
});
