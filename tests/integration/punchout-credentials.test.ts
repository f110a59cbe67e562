/**
 * Punch-out credentials through the local stack (docs/decisions/0035; security review issue 24,
 * findings 8 and 9): a configuration's shared secret is generated, at least 16 characters, shown
 * once and rotated with an overlap; going without one takes staff's explicit consent and is warned
 * of; failed credential checks lock an address or an identity out (429 with Retry-After) across the
 * cXML endpoint and the partner APIs, never the addresses a buyer already used. Every buyer here
 * sends from addresses of its own (tests/support/client-address.ts). The guess limit counts in
 * 15-minute windows of the request's time, so its tests go through a gateway of this file's own
 * whose clock starts each test at the beginning of a window.
 */
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import {
  PREVIOUS_SECRET_OVERLAP_DAYS,
  SHARED_SECRET_MESSAGES,
  type SavedConfiguration,
} from '#domain/punchout/configuration';
import { parseCxmlResponse, punchOutSetupRequest } from '#domain/punchout/cxml/index';
import type { MonitorAnswer } from '#domain/punchout/monitor';
import { CREDENTIAL_FAILURE_LIMIT } from '#domain/rate-limits';
import { punchoutConfigurationKeys } from '../../functions/lib/table/keys/punchout';
import { auditEntriesOf, staffIdOf } from '../support/audit-log';
import { startClockedGateway } from '../support/clocked-gateway';
import { fetchFrom, newClientAddress } from '../support/client-address';
import { cxmlDtdErrors } from '../support/cxml-dtd';
import { pastRouteThrottle, ROUTE_THROTTLE_MESSAGE } from '../support/route-throttle';
import { accessTokenFor } from '../support/user-pool';
import { localTable } from './local-table';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');
const stackApi = `${baseUrl}/api`;
let staffToken: string;
let clock = Date.UTC(2031, 0, 1);
let clockedApi: string;
let closeGateway: () => Promise<void>;

beforeAll(async () => {
  staffToken = await accessTokenFor(baseUrl, inject('staffAccount'));
  ({ api: clockedApi, close: closeGateway } = await startClockedGateway(env, () => clock));
});

afterAll(() => closeGateway());

const unique = () => randomUUID().slice(0, 8);

async function admin<T = Record<string, unknown>>(method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}/api/admin${path}`, {
    method,
    headers: {
      authorization: `Bearer ${staffToken}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    text,
    body: JSON.parse(text) as T & { fieldErrors?: Record<string, string>; message?: string },
  };
}

const form = (overrides: Record<string, unknown> = {}) => ({
  clientId: `client-${unique()}`,
  accountNumber: `CR-${unique()}`,
  propertyName: `Cedar Row ${unique()}`,
  identity: `cedar-${unique()}`,
  buyerSystem: 'RealPage',
  ...overrides,
});

async function created(overrides: Record<string, unknown> = {}): Promise<SavedConfiguration> {
  const answer = await admin<SavedConfiguration>('POST', '/punchout/configurations', form(overrides));
  expect(answer.status, answer.text).toBe(201);
  return answer.body;
}

/** A buyer system's setup request for `identity`, with `secret` in its Sender credential (none when undefined). */
function setupRequest(identity: string, secret?: string): string {
  const credential = { domain: 'NetworkId', identity };
  return punchOutSetupRequest({
    from: [credential],
    to: [{ domain: 'NetworkId', identity: 'shop' }],
    sender: {
      credentials: [{ ...credential, ...(secret !== undefined && { sharedSecret: secret }) }],
      userAgent: 'Credentials test buyer',
    },
    buyerCookie: `cookie-${unique()}`,
    returnUrl: 'https://buyer.example/return',
    operation: 'create',
  });
}

/**
 * The cXML endpoint's answer to `document`, sent from `address` (to the stack, or to `api`), once
 * the route's throttle lets it through: its 429 is plain text, the guess limit's a cXML document.
 */
async function setUp(address: string, document: string, api = stackApi) {
  const send = fetchFrom(address);
  const response = await pastRouteThrottle(
    () =>
      send(`${api}/punchout/cxml`, {
        method: 'POST',
        headers: { 'content-type': 'text/xml; charset=utf-8' },
        body: document,
      }),
    async (answer) =>
      answer.status === 429 &&
      !answer.headers.get('content-type')?.startsWith('text/xml') &&
      (await answer.clone().text()).includes(ROUTE_THROTTLE_MESSAGE),
    500,
  );
  const text = await response.text();
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    text,
    cxml: parseCxmlResponse(text),
  };
}

/** POST /api/punchout/price-availability from `address` (to the stack, or to `api`), with HTTP Basic `identity:secret`. */
async function prices(address: string, identity: string, secret: string, accountNumber: string, api = stackApi) {
  const response = await fetchFrom(address)(`${api}/punchout/price-availability`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${identity}:${secret}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ skus: ['FW-STD-E02'], accountNumber }),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as { message?: string },
  };
}

/** Ages or strips a stored configuration behind the API, as a record saved before decision 0035 (or a week ago) is. */
async function alter(configurationId: string, update: string, values?: Record<string, unknown>) {
  await localTable().send(
    new UpdateCommand({
      TableName: env.TABLE_NAME,
      Key: punchoutConfigurationKeys(configurationId),
      UpdateExpression: update,
      ExpressionAttributeValues: values,
    }),
  );
}

describe('shared secrets', () => {
  it('are generated for a new configuration, shown once, kept by an update, and let its buyer in', async () => {
    const configuration = await created();
    const secret = configuration.newSharedSecret!;
    expect(secret).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(configuration).toMatchObject({
      hasSharedSecret: true,
      credentialWarning: null,
      acceptsDocumentsWithoutSecret: false,
    });
    expect(configuration).not.toHaveProperty('sharedSecret');

    const read = await admin('GET', `/punchout/configurations/${configuration.id}`);
    expect(read.status).toBe(200);
    expect(read.text).not.toContain(secret);
    expect((await admin('GET', '/punchout/configurations')).text).not.toContain(secret);
    const updated = await admin<SavedConfiguration>('PUT', `/punchout/configurations/${configuration.id}`, {
      ...read.body,
      propertyName: `${configuration.propertyName} East`,
    });
    expect([updated.status, updated.body.newSharedSecret]).toEqual([200, null]);

    const buyer = newClientAddress();
    expect((await setUp(buyer, setupRequest(configuration.identity, secret))).status).toBe(200);
    expect((await setUp(buyer, setupRequest(configuration.identity))).status).toBe(401);
  });

  it('are at least 16 characters, and a RealPage configuration cannot go without one', async () => {
    const short = await admin('POST', '/punchout/configurations', form({ sharedSecret: 'ab' }));
    expect([short.status, short.body.fieldErrors]).toEqual([400, { sharedSecret: SHARED_SECRET_MESSAGES.tooShort }]);
    const without = await admin('POST', '/punchout/configurations', form({ acceptsDocumentsWithoutSecret: true }));
    expect([without.status, without.body.fieldErrors]).toEqual([
      400,
      { acceptsDocumentsWithoutSecret: SHARED_SECRET_MESSAGES.sentBySystem('RealPage') },
    ]);

    const typed = `the-buyers-own-${unique()}`;
    const configuration = await created({ sharedSecret: typed });
    expect(configuration.newSharedSecret).toBe(typed);
    expect((await setUp(newClientAddress(), setupRequest(configuration.identity, typed))).status).toBe(200);
  });

  it('let no document in when missing or short in a record saved before the rule, and the monitor says so', async () => {
    const missing = await created();
    await alter(missing.id, 'SET sharedSecret = :none REMOVE acceptsDocumentsWithoutSecret, sharedSecretSetAt', {
      ':none': null,
    });
    const short = await created();
    await alter(short.id, 'SET sharedSecret = :short', { ':short': 'ab' });

    const buyer = newClientAddress();
    expect((await setUp(buyer, setupRequest(missing.identity))).status).toBe(401);
    expect((await setUp(buyer, setupRequest(short.identity, 'ab'))).status).toBe(401);
    expect((await prices(buyer, short.identity, 'ab', short.accountNumber)).status).toBe(401);

    const monitor = (await admin<MonitorAnswer>('GET', '/monitor')).body;
    const warnings = Object.fromEntries(
      monitor.credentialWarnings!.map(({ configurationId, warning }) => [configurationId, warning]),
    );
    expect(warnings[missing.id]).toMatch(/^Has no shared secret/);
    expect(warnings[short.id]).toMatch(/shorter than 16 characters/);
    expect(
      (await admin<SavedConfiguration>('GET', `/punchout/configurations/${short.id}`)).body.credentialWarning,
    ).toBe(warnings[short.id]);
  });

  it('may be left out only when staff say so, for a buyer system that sends none, with a warning in the form and the monitor', async () => {
    const configuration = await created({ buyerSystem: 'Other cXML', acceptsDocumentsWithoutSecret: true });
    expect(configuration).toMatchObject({
      newSharedSecret: null,
      hasSharedSecret: false,
      credentialWarning: expect.stringMatching(/^Accepts documents without a shared secret/),
    });
    const buyer = newClientAddress();
    expect((await setUp(buyer, setupRequest(configuration.identity))).status).toBe(200);
    const monitor = (await admin<MonitorAnswer>('GET', '/monitor')).body;
    expect(monitor.credentialWarnings).toContainEqual({
      configurationId: configuration.id,
      propertyName: configuration.propertyName,
      accountNumber: configuration.accountNumber,
      warning: configuration.credentialWarning,
    });
    expect((await admin('POST', `/punchout/configurations/${configuration.id}/secret`, {})).status).toBe(409);

    // Staff take the consent back: the save generates a secret, shown once, and the identity alone no longer lets anyone in.
    const secured = await admin<SavedConfiguration>('PUT', `/punchout/configurations/${configuration.id}`, {
      ...configuration,
      acceptsDocumentsWithoutSecret: false,
    });
    expect(secured.body.newSharedSecret).toMatch(/^[A-Za-z0-9]{32}$/);
    expect((await setUp(buyer, setupRequest(configuration.identity))).status).toBe(401);
    expect((await setUp(buyer, setupRequest(configuration.identity, secured.body.newSharedSecret!))).status).toBe(200);
  });

  it('rotate: the new one works at once, the previous one for 7 days more, then not', async () => {
    const configuration = await created();
    const first = configuration.newSharedSecret!;
    const rotatedAt = Date.now();
    const rotated = await admin<SavedConfiguration>('POST', `/punchout/configurations/${configuration.id}/secret`, {});
    expect(rotated.status).toBe(200);
    const second = rotated.body.newSharedSecret!;
    expect(second).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(second).not.toBe(first);
    const overlapEnd = Date.parse(rotated.body.previousSharedSecretValidUntil!);
    expect(Math.abs(overlapEnd - rotatedAt - PREVIOUS_SECRET_OVERLAP_DAYS * 24 * 3600 * 1000)).toBeLessThan(60_000);
    const read = await admin('GET', `/punchout/configurations/${configuration.id}`);
    expect(read.text).not.toContain(first);
    expect(read.text).not.toContain(second);

    const buyer = newClientAddress();
    for (const secret of [first, second]) {
      expect((await setUp(buyer, setupRequest(configuration.identity, secret))).status).toBe(200);
      expect((await prices(buyer, configuration.identity, secret, configuration.accountNumber)).status).toBe(200);
    }
    await alter(configuration.id, 'SET previousSharedSecretValidUntil = :past', {
      ':past': new Date(Date.now() - 1000).toISOString(),
    });
    expect((await setUp(buyer, setupRequest(configuration.identity, first))).status).toBe(401);
    expect((await prices(buyer, configuration.identity, first, configuration.accountNumber)).status).toBe(401);
    expect((await setUp(buyer, setupRequest(configuration.identity, second))).status).toBe(200);

    const typed = await admin('POST', `/punchout/configurations/${configuration.id}/secret`, {
      sharedSecret: 'too-short',
    });
    expect([typed.status, typed.body.fieldErrors]).toEqual([400, { sharedSecret: SHARED_SECRET_MESSAGES.tooShort }]);
  });
});

describe('the audit log', () => {
  it('records a configuration made, changed and its secret rotated, by whom, never a secret; a refused rotation writes none', async () => {
    const configuration = await created();
    const read = await admin('GET', `/punchout/configurations/${configuration.id}`);
    const renamed = `${configuration.propertyName} East`;
    expect(
      (await admin('PUT', `/punchout/configurations/${configuration.id}`, { ...read.body, propertyName: renamed }))
        .status,
    ).toBe(200);
    const rotated = await admin<SavedConfiguration>('POST', `/punchout/configurations/${configuration.id}/secret`, {});
    expect(rotated.status).toBe(200);

    const owner = { accessToken: staffToken };
    const entries = await auditEntriesOf(baseUrl, owner, 'punchoutConfiguration', configuration.id);
    expect(entries.map(({ action }) => action)).toEqual(['rotateSecret', 'update', 'create']);
    expect(entries.every(({ staff }) => staff.id === staffIdOf(owner))).toBe(true);
    expect(entries[0]).toMatchObject({
      record: { kind: 'punchoutConfiguration', id: configuration.id, label: renamed },
      before: { sharedSecretSetAt: configuration.sharedSecretSetAt, previousSharedSecretValidUntil: null },
      after: {
        sharedSecretSetAt: rotated.body.sharedSecretSetAt,
        previousSharedSecretValidUntil: rotated.body.previousSharedSecretValidUntil,
      },
    });
    expect(entries[1]).toMatchObject({
      before: { propertyName: configuration.propertyName },
      after: { propertyName: renamed },
    });
    expect(entries[2]).toMatchObject({
      before: null,
      after: { accountNumber: configuration.accountNumber, identity: configuration.identity, hasSharedSecret: true },
    });
    const logged = JSON.stringify(entries);
    for (const secret of [configuration.newSharedSecret!, rotated.body.newSharedSecret!])
      expect(logged).not.toContain(secret);

    const without = await created({ buyerSystem: 'Other cXML', acceptsDocumentsWithoutSecret: true });
    expect((await admin('POST', `/punchout/configurations/${without.id}/secret`, {})).status).toBe(409);
    expect(
      (await auditEntriesOf(baseUrl, owner, 'punchoutConfiguration', without.id)).map(({ action }) => action),
    ).toEqual(['create']);
  });
});

describe('the guess limit', () => {
  const { limit, windowSeconds } = CREDENTIAL_FAILURE_LIMIT;
  // Each test starts a minute into a window of its own.
  beforeEach(() => {
    clock = clock - (clock % (windowSeconds * 1000)) + windowSeconds * 1000 + 60_000;
  });
  const untilWindowEnd = (retryAfter: string | null) => Number(retryAfter) === windowSeconds - 60;
  const setUpAt = (address: string, document: string) => setUp(address, document, clockedApi);
  const pricesAt = (address: string, identity: string, secret: string, accountNumber: string) =>
    prices(address, identity, secret, accountNumber, clockedApi);

  it('locks an address out after 10 failed checks across the cXML endpoint and the partner APIs, even with the right credentials', async () => {
    const configuration = await created();
    const secret = configuration.newSharedSecret!;
    const attacker = newClientAddress();
    for (let i = 0; i < limit; i++) {
      // Unknown identities: only the address counts them.
      const answer =
        i % 2
          ? (await setUpAt(attacker, setupRequest(`nobody-${unique()}`, 'guess'))).status
          : (await pricesAt(attacker, `nobody-${unique()}`, 'guess', 'ACCT')).status;
      expect(answer).toBe(401);
    }
    const cxml = await setUpAt(attacker, setupRequest(configuration.identity, secret));
    expect([cxml.status, cxml.cxml.code, untilWindowEnd(cxml.retryAfter)]).toEqual([429, 429, true]);
    expect(cxml.cxml.message).toMatch(/^Too many failed attempts/);
    expect(cxmlDtdErrors(cxml.text)).toEqual([]);
    const basic = await pricesAt(attacker, configuration.identity, secret, configuration.accountNumber);
    expect([basic.status, untilWindowEnd(basic.retryAfter)]).toEqual([429, true]);
    expect(basic.body.message).toMatch(/^Too many failed attempts/);

    // The buyer, from its own address, is not locked out.
    expect((await setUpAt(newClientAddress(), setupRequest(configuration.identity, secret))).status).toBe(200);
    const monitor = (await admin<MonitorAnswer>('GET', '/monitor')).body;
    expect(monitor.lockOuts).toContainEqual(
      expect.objectContaining({ kind: 'clientAddress', subject: attacker, failures: limit }),
    );
  });

  it('locks an identity out after 10 failed checks from any addresses, except the addresses its buyer already used', async () => {
    const configuration = await created();
    const secret = configuration.newSharedSecret!;
    const buyersSystem = newClientAddress();
    expect((await setUpAt(buyersSystem, setupRequest(configuration.identity, secret))).status).toBe(200);

    for (let i = 0; i < limit; i++) {
      const attacker = newClientAddress();
      const answer =
        i % 2
          ? (await setUpAt(attacker, setupRequest(configuration.identity, `guess-${i}`))).status
          : (await pricesAt(attacker, configuration.identity, `guess-${i}`, configuration.accountNumber)).status;
      expect(answer).toBe(401);
    }
    const elsewhere = newClientAddress();
    const cxml = await setUpAt(elsewhere, setupRequest(configuration.identity, secret));
    expect([cxml.status, cxml.cxml.code, untilWindowEnd(cxml.retryAfter)]).toEqual([429, 429, true]);
    expect((await pricesAt(elsewhere, configuration.identity, secret, configuration.accountNumber)).status).toBe(429);

    expect((await setUpAt(buyersSystem, setupRequest(configuration.identity, secret))).status).toBe(200);
    expect((await pricesAt(buyersSystem, configuration.identity, secret, configuration.accountNumber)).status).toBe(
      200,
    );
    const monitor = (await admin<MonitorAnswer>('GET', '/monitor')).body;
    expect(monitor.lockOuts).toContainEqual(
      expect.objectContaining({
        kind: 'identity',
        subject: configuration.identity,
        propertyName: configuration.propertyName,
        failures: limit,
      }),
    );
  });

  it('counts guesses before comparing them: of 30 sent at once from one address, at most 10 are compared (401), the rest 429, and the right one then 429', async () => {
    const configuration = await created();
    const attacker = newClientAddress();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        pricesAt(attacker, configuration.identity, `guess-${i}`, configuration.accountNumber),
      ),
    );
    // Each guess counts for the address and for the identity at once: one within the first 10 of both is compared.
    const statuses = answers.map(({ status }) => status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(limit);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    expect(
      (await pricesAt(attacker, configuration.identity, configuration.newSharedSecret!, configuration.accountNumber))
        .status,
    ).toBe(429);
  });
});
