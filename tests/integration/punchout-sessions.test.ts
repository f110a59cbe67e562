/**
 * Punch-out through the local stack (domain/punchout/README.md): buyers' real setup requests get a
 * start page, refusals answer the right cXML Status, a start page opens one 24-hour partner session,
 * the partner token reaches only its own cart at its configuration's prices, submit returns a
 * DTD-valid PunchOutOrderMessage, and an edit or inspect request re-opens the same blinds.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { CartView } from '#domain/cart/view';
import { MAX_ORDER_LINES } from '#domain/checkout/totals';
import { WOOD_SMOOTH_COLORS } from '#domain/catalogue/colors';
import { defaultConfiguration } from '#domain/pricing/configuration';
import { mulDivRoundHalfUp } from '#domain/pricing/money';
import {
  newConfigurationSchema,
  type ConfigurationFormInput,
  type PunchoutConfiguration,
} from '#domain/punchout/configuration';
import {
  CXML_MAX_BYTES,
  parseCxmlResponse,
  punchOutSetupRequest,
  type PunchOutOperation,
} from '#domain/punchout/cxml/index';
import { type PartnerAuthentication, type SubmitAnswer } from '#domain/punchout/session';
import { PARTNER_MESSAGES } from '#domain/punchout/partner-messages';
import { saveConfiguration } from '../../functions/punchout/configuration-store';
import { punchoutStartKeys } from '../../functions/lib/table/keys/punchout';
import { cxmlDtdErrors } from '../support/cxml-dtd';
import { fillPropertyCart, propertyRoomLabel } from '../support/property-cart';
import { eventually } from '../support/eventually';
import { CXML_BUYERS_DIR as BUYERS } from '../support/shared-files';
import { refusePublishing, sweepOutbox } from '../support/local-tools';
import { outbox } from '../support/outbox';
import { pastRouteThrottle, ROUTE_THROTTLE_MESSAGE } from '../support/route-throttle';
import { localTable } from './local-table';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');
const run = randomUUID().slice(0, 8);

/**
 * A buyer's document with its identities made this run's own, so parallel runs never share a
 * configuration, and its shared secret (`test`, `s3cr3t`: shorter than a configuration may have) a
 * long one of this run.
 */
function buyerDocument(file: string, identities: Record<string, string>, secret: string): string {
  let text = readFileSync(resolve(BUYERS, file), 'utf8').replace(
    /<SharedSecret>[^<]*<\/SharedSecret>/,
    `<SharedSecret>${secret}</SharedSecret>`,
  );
  for (const [identity, own] of Object.entries(identities)) text = text.split(`>${identity}<`).join(`>${own}<`);
  return text;
}

async function postCxml(body: string, contentType = 'text/xml; charset=utf-8') {
  const response = await pastRouteThrottle(
    () => fetch(`${baseUrl}/api/punchout/cxml`, { method: 'POST', headers: { 'content-type': contentType }, body }),
    async (answer) => answer.status === 429 && (await answer.clone().text()).includes(ROUTE_THROTTLE_MESSAGE),
    500,
  );
  const text = await response.text();
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    text,
    cxml: parseCxmlResponse(text),
  };
}

async function json<T>(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as T & { error?: string; message?: string } };
}

const startParams = (startPage: string) =>
  Object.fromEntries(new URL(startPage).searchParams) as { s: string; bc?: string; ru?: string };
const redeem = (params: { s: string; bc?: string; ru?: string }) =>
  json<PartnerAuthentication>('POST', '/punchout/sessions', {}, params);
const partnerHeaders = (session: PartnerAuthentication) => ({
  'x-partner-session': session.partnerToken,
  'x-shopping-session-id': session.shoppingSessionId,
});

async function configure(
  form: Partial<ConfigurationFormInput> & Pick<ConfigurationFormInput, 'identity'>,
): Promise<PunchoutConfiguration> {
  const input = newConfigurationSchema({ allowInsecureLocalhost: true }).parse({
    clientId: `client-${run}`,
    accountNumber: `ACCT-${randomUUID().slice(0, 12)}`,
    propertyName: 'Oak Terrace Apartments',
    ...form,
  });
  return (await saveConfiguration(input)).configuration;
}

const coupaIdentity = `coupa-t-${run}`;
const iesaIdentity = `punchout-${run}@test.com`;
const itemOutIdentity = `inbound-${run}@prominate-platform.com`;
const inactiveIdentity = `inactive-${run}`;
const coupaSecret = `coupa-secret-${run}`;
const iesaSecret = `{shared secret in here} ${run}`;
const itemOutSecret = `s3cr3t-of-${run}`;
const documents = {
  coupa: () => buyerDocument('setup-request.coupa.officeluv-cxml.xml', { 'coupa-t': coupaIdentity }, coupaSecret),
  iesa: () =>
    buyerDocument('setup-request.iesa-shipto.officeluv-cxml.xml', { 'punchout@test.com': iesaIdentity }, iesaSecret),
  itemOut: () =>
    buyerDocument(
      'setup-request.itemout-selecteditem.FriendsOfCXML-cxml-php.xml',
      { 'inbound@prominate-platform.com': itemOutIdentity },
      itemOutSecret,
    ),
};
let realPage: PunchoutConfiguration;

beforeAll(async () => {
  Object.assign(process.env, env);
  [realPage] = await Promise.all([
    configure({
      identity: itemOutIdentity,
      sharedSecret: itemOutSecret,
      buyerSystem: 'RealPage',
      pricingRules: { discount: 0.1 },
    }),
    configure({ identity: coupaIdentity, sharedSecret: coupaSecret, buyerSystem: 'Coupa', returnField: 'cxml-base64' }),
    configure({ identity: iesaIdentity, sharedSecret: iesaSecret, buyerSystem: 'Other cXML' }),
    configure({ identity: inactiveIdentity, sharedSecret: coupaSecret, active: false }),
  ]);
});

describe('the cXML endpoint', () => {
  it("answers each buyer's setup request with a DTD-valid 200 and a start page of the contract's form", async () => {
    for (const [name, document] of Object.entries(documents)) {
      const answer = await postCxml(document());
      expect(answer.status, `${name}: ${answer.text}`).toBe(200);
      expect(answer.contentType).toBe('text/xml; charset=utf-8');
      expect(cxmlDtdErrors(answer.text)).toEqual([]);
      const url = new URL(answer.cxml.startPageUrl!);
      expect(url.origin).toBe(new URL(env.SITE_URL!).origin);
      if (name === 'itemOut') {
        expect(Object.fromEntries(url.searchParams)).toEqual({
          rp: 'true',
          s: expect.any(String),
          bc: '550bce3e592023b2e7b015307f965133',
          ru: 'https://prominate-platform.com/hook-url',
        });
      } else {
        expect(Object.fromEntries(url.searchParams)).toEqual({ punchout: 'true', s: expect.any(String) });
      }
    }
  });

  it('refuses wrong, unknown and inactive senders (401), and malformed, oversized and XXE documents (400) with the reason', async () => {
    const coupa = documents.coupa();
    const refusals = [
      {
        body: coupa.replace(`<SharedSecret>${coupaSecret}</SharedSecret>`, '<SharedSecret>guess</SharedSecret>'),
        code: 401,
      },
      { body: coupa.split(coupaIdentity).join(`nobody-${run}`), code: 401 },
      { body: coupa.split(coupaIdentity).join(inactiveIdentity), code: 401 },
      { body: coupa.replace('</Header>', '</Heder>'), code: 400, reason: /not well-formed/ },
      {
        body: coupa.replace('<Request>', `<Request><!--${'x'.repeat(CXML_MAX_BYTES)}-->`),
        code: 400,
        reason: /larger than/,
      },
      {
        body: coupa
          .replace(/<!DOCTYPE[^>]*>/, '<!DOCTYPE cXML [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>')
          .replace('>jim<', '>&xxe;<'),
        code: 400,
        reason: /entities are not accepted/,
      },
    ];
    for (const { body, code, reason } of refusals) {
      const answer = await postCxml(body);
      expect([answer.status, answer.cxml.code]).toEqual([code, code]);
      if (reason) expect(answer.cxml.message).toMatch(reason);
      expect(answer.text).not.toContain('guess');
    }
    expect((await postCxml(coupa, 'application/json')).status).toBe(400);
  });
});

describe('start pages and partner sessions', () => {
  it('opens a session once, refuses a reused, expired or forged start page, and answers the session while it lives', async () => {
    const params = startParams((await postCxml(documents.itemOut())).cxml.startPageUrl!);
    expect((await redeem({ ...params, bc: 'forged-cookie' })).body.error).toBe(PARTNER_MESSAGES.startMismatch);
    expect((await redeem({ ...params, ru: 'https://attacker.example/' })).status).toBe(401);

    const session = await redeem(params);
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({
      clientId: realPage.clientId,
      accountType: 'realpage',
      realPageSessionId: params.s,
      realPagePropertyAccount: realPage.accountNumber,
      clientData: { email: 'john-doe@domain.com' },
      buyerSystem: 'RealPage',
      operation: 'create',
      returnUrl: 'https://prominate-platform.com/hook-url',
    });
    const reused = await redeem(params);
    expect([reused.status, reused.body.error]).toEqual([401, PARTNER_MESSAGES.startUsed('RealPage')]);

    const current = await json<PartnerAuthentication>('GET', '/punchout/session', partnerHeaders(session.body));
    expect(current.status).toBe(200);
    expect(current.body).toEqual({ ...session.body, partnerToken: undefined });

    const expiredId = `expired${randomUUID().replaceAll('-', '')}`;
    await localTable().send(
      new PutCommand({
        TableName: env.TABLE_NAME,
        Item: {
          ...punchoutStartKeys(expiredId),
          startId: expiredId,
          configId: realPage.id,
          buyerCookie: 'c',
          returnUrl: 'https://r.example/',
          operation: 'create',
          buyer: { email: '', firstName: '', lastName: '' },
          restoredLines: [],
          createdAt: new Date().toISOString(),
          expiresAt: Math.floor(Date.now() / 1000) - 1,
        },
      }),
    );
    const expired = await redeem({ s: expiredId, bc: 'c', ru: 'https://r.example/' });
    expect([expired.status, expired.body.error]).toEqual([401, PARTNER_MESSAGES.startExpired('RealPage')]);
    expect((await redeem({ s: `unknown${randomUUID().replaceAll('-', '')}` })).body.error).toBe(
      PARTNER_MESSAGES.startUnknown,
    );
  });
});

describe('the partner cart, submit, edit and inspect', () => {
  const fauxWood = { ...defaultConfiguration('faux-wood-blinds'), quantity: 2 };
  const wood = { ...defaultConfiguration('wood-blinds'), color: WOOD_SMOOTH_COLORS[0]!.code, quantity: 1 };

  async function openSession(
    operation: PunchOutOperation = 'create',
    itemsOut: { supplierPartId: string; supplierPartAuxiliaryId: string; quantity: number }[] = [],
  ) {
    const document =
      operation === 'create'
        ? documents.itemOut()
        : punchOutSetupRequest({
            from: [{ domain: 'NetworkId', identity: itemOutIdentity }],
            to: [{ domain: 'NetworkId', identity: 'shop' }],
            sender: {
              credentials: [{ domain: 'NetworkId', identity: itemOutIdentity, sharedSecret: itemOutSecret }],
              userAgent: 'Test buyer',
            },
            buyerCookie: `cookie-${randomUUID()}`,
            returnUrl: 'https://buyer.example/return',
            operation,
            itemsOut: itemsOut.map((item) => ({
              ...item,
              unitPrice: { cents: 100, currency: 'USD' },
              description: 'blind',
              unitOfMeasure: 'EA',
              extrinsics: {},
            })),
          });
    const answer = await postCxml(document);
    expect(answer.status, answer.text).toBe(200);
    const session = await redeem(startParams(answer.cxml.startPageUrl!));
    expect(session.status).toBe(200);
    return session.body;
  }

  const cart = (headers: Record<string, string>) => json<CartView>('GET', '/cart', headers);
  const add = (headers: Record<string, string>, configuration: unknown, roomLabel?: string) =>
    json<CartView>('POST', '/cart/items', headers, { configuration, roomLabel });
  const submit = (session: PartnerAuthentication) =>
    json<SubmitAnswer>('POST', '/punchout/submit', partnerHeaders(session), {});
  /** The browser's word that it left with the submission for the buyer's system. */
  const returned = async (session: PartnerAuthentication, submissionId: string) => {
    const response = await fetch(`${baseUrl}/api/punchout/submissions/${submissionId}/returned`, {
      method: 'POST',
      headers: partnerHeaders(session),
    });
    return {
      status: response.status,
      body: response.status === 204 ? undefined : ((await response.json()) as { error?: string }),
    };
  };
  const staffMailsOf = async (submissionId: string) =>
    (await outbox(baseUrl)).filter(
      (mail) =>
        mail.to.includes(env.STAFF_EMAIL!) &&
        mail.subject.startsWith('Punch-out cart returned') &&
        mail.text?.includes(submissionId),
    );

  it('reaches only its own cart, priced by the rules; submit returns a DTD-valid message, once; an edit and an inspection re-open both blinds', async () => {
    const session = await openSession();
    const headers = partnerHeaders(session);
    expect((await cart({ ...headers, 'x-shopping-session-id': `someone-${randomUUID()}` })).status).toBe(403);
    expect((await cart({ ...headers, 'x-partner-session': 'not-a-token' })).status).toBe(401);
    expect((await json('GET', '/orders', headers)).status).toBe(401);
    expect((await json('GET', '/admin/orders', headers)).status).toBe(401);
    expect((await submit(session)).body.error).toBe(PARTNER_MESSAGES.cartEmpty);

    const retail = await add({ 'x-shopping-session-id': `retail-${randomUUID()}` }, fauxWood);
    await add(headers, fauxWood, 'Unit 4 kitchen');
    const filled = await add(headers, wood, 'Unit 4 bedroom');
    expect(filled.status).toBe(201);
    const partnerFauxWood = filled.body.items.find((item) => item.configuration.family === 'faux-wood-blinds')!;
    // The configuration's { discount: 0.1 }: 90% of the list price, rounded once, half up; the list price beside it.
    const listUnitCents = retail.body.items[0]!.unitCents;
    expect(partnerFauxWood).toMatchObject({ unitCents: mulDivRoundHalfUp(listUnitCents, 9, 10), listUnitCents });
    // Billed on the buyer's purchase order: the cart's total is the message's, with no tax or freight added.
    expect(filled.body).toMatchObject({
      billing: 'purchaseOrder',
      estimatedTaxCents: 0,
      estimatedTotalCents: filled.body.subtotalCents,
      shipping: 'Included',
    });
    expect(retail.body).toMatchObject({ billing: 'checkout', shipping: 'Calculated at checkout' });

    const submitted = await submit(session);
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({
      success: true,
      returnUrl: session.returnUrl,
      fieldName: 'cxml-urlencoded',
      operationAllowed: 'edit',
    });
    const message = submitted.body.fieldValue;
    expect(cxmlDtdErrors(message)).toEqual([]);
    expect(message).toContain('<BuyerCookie>550bce3e592023b2e7b015307f965133</BuyerCookie>');
    expect(message).toContain(`<Money currency="USD">${(filled.body.estimatedTotalCents / 100).toFixed(2)}</Money>`);
    expect(message).toContain('<Extrinsic name="Room">Unit 4 bedroom</Extrinsic>');
    expect(message).toContain('ATTR-PROPERTY-ACCOUNT');
    const auxIds = [...message.matchAll(/<SupplierPartAuxiliaryID>([^<]+)<\/SupplierPartAuxiliaryID>/g)].map(
      (found) => found[1]!,
    );
    expect(auxIds).toHaveLength(2);
    expect((await submit(session)).body.fieldValue.match(/<SupplierPartAuxiliaryID>[^<]+/g)).toEqual(
      auxIds.map((id) => `<SupplierPartAuxiliaryID>${id}`),
    );
    const submissionId = auxIds[0]!.split('-')[0]!;
    expect(submitted.body.submissionId).toBe(submissionId);
    expect((await cart(headers)).body.items, 'the cart stays open until the browser has left with it').toHaveLength(2);
    expect(await returned(session, submissionId)).toEqual({ status: 204, body: undefined });
    expect((await submit(session)).body.fieldValue, 'a press after the return answers the cart returned').toBe(message);
    expect(await returned(session, submissionId), 'a repeated confirmation changes nothing').toEqual({
      status: 204,
      body: undefined,
    });
    expect((await cart(headers)).body.items).toHaveLength(0);
    const staffMails = await eventually(
      () => staffMailsOf(submissionId),
      (mails) => mails.length > 0,
      20_000,
    );
    expect(staffMails).toHaveLength(1);
    expect(staffMails[0]!.text).toContain('Room: Unit 4 bedroom');

    const lines = filled.body.items.map((item, index) => ({
      supplierPartId: `PART-${index}`,
      supplierPartAuxiliaryId: auxIds[index]!,
      quantity: item.quantity,
    }));
    const restored = (view: CartView) =>
      view.items
        .map(({ configuration, roomLabel, quantity }) => ({ configuration, roomLabel, quantity }))
        .sort((a, b) => a.roomLabel!.localeCompare(b.roomLabel!));
    const edit = await openSession('edit', lines);
    expect(edit.operation).toBe('edit');
    expect(restored((await cart(partnerHeaders(edit))).body)).toEqual(restored(filled.body));

    const inspect = await openSession('inspect', lines);
    expect(restored((await cart(partnerHeaders(inspect))).body)).toEqual(restored(filled.body));
    const change = await add(partnerHeaders(inspect), fauxWood);
    expect([change.status, change.body.message]).toEqual([403, PARTNER_MESSAGES.inspectOnly]);
    expect((await submit(inspect)).body.operationAllowed).toBe('inspect');
  });

  it('keeps the cart open and tells staff nothing until the browser has left with it; a cart changed meanwhile is submitted anew', async () => {
    const session = await openSession();
    const headers = partnerHeaders(session);
    await add(headers, fauxWood, 'Unit 7 den');
    const first = await submit(session);
    expect(first.status).toBe(200);
    // The post never left (the page refused it, the buyer closed the tab): the cart is as it was.
    expect((await cart(headers)).body.items).toHaveLength(1);
    expect((await submit(session)).body, 'the same cart answers the same message').toEqual(first.body);

    await add(headers, wood, 'Unit 7 den');
    const [stale, other] = await Promise.all([
      returned(session, first.body.submissionId),
      returned(await openSession(), first.body.submissionId),
    ]);
    expect([stale.status, stale.body?.error]).toEqual([409, PARTNER_MESSAGES.cartChangedSinceSubmit]);
    expect([other.status, other.body?.error], "another session's submission").toEqual([
      404,
      PARTNER_MESSAGES.submissionUnknown,
    ]);
    expect((await cart(headers)).body.items).toHaveLength(2);

    const second = await submit(session);
    expect(second.body.submissionId).not.toBe(first.body.submissionId);
    expect(cxmlDtdErrors(second.body.fieldValue)).toEqual([]);
    expect((await returned(session, second.body.submissionId)).status).toBe(204);
    expect((await cart(headers)).body.items).toHaveLength(0);
    const mails = await eventually(
      () => staffMailsOf(second.body.submissionId),
      (found) => found.length > 0,
      20_000,
    );
    expect(mails).toHaveLength(1);
    expect(await staffMailsOf(first.body.submissionId)).toEqual([]);
  });

  it('returns a cart of 1,000 blinds, the most an order holds, as one DTD-valid message, tells staff of every line, and an edit re-opens it whole', async () => {
    const session = await openSession();
    await fillPropertyCart({ sessionId: session.shoppingSessionId, clientId: null }, MAX_ORDER_LINES);
    const submitted = await submit(session);
    expect(submitted.status).toBe(200);
    const message = submitted.body.fieldValue;
    expect(cxmlDtdErrors(message)).toEqual([]);
    const auxIds = message.match(/<SupplierPartAuxiliaryID>[^<]+/g)!.map((tag) => tag.split('>')[1]);
    expect(auxIds).toEqual(
      Array.from({ length: MAX_ORDER_LINES }, (_, index) => `${submitted.body.submissionId}-${index + 1}`),
    );
    expect((await submit(session)).body, 'a second press answers the same message').toEqual(submitted.body);
    const filled = (await cart(partnerHeaders(session))).body;

    expect((await returned(session, submitted.body.submissionId)).status).toBe(204);
    const [mail] = await eventually(
      () => staffMailsOf(submitted.body.submissionId),
      (found) => found.length > 0,
      20_000,
    );
    const rooms = [...mail!.text!.matchAll(/Room: (Unit \d+ window \d)/g)].map((found) => found[1]);
    expect(rooms).toEqual(Array.from({ length: MAX_ORDER_LINES }, (_, index) => propertyRoomLabel(index)));

    // The buyer edits it: every blind comes back, each for its room.
    const edit = await openSession(
      'edit',
      filled.items.map((item, index) => ({
        supplierPartId: `PART-${index}`,
        supplierPartAuxiliaryId: auxIds[index]!,
        quantity: item.quantity,
      })),
    );
    const reopened = (await cart(partnerHeaders(edit))).body;
    const blinds = (view: CartView) =>
      view.items.map(({ configuration, roomLabel, quantity }) => ({ configuration, roomLabel, quantity }));
    expect(reopened.items).toHaveLength(MAX_ORDER_LINES);
    expect(blinds(reopened)).toEqual(blinds(filled));
  }, 120_000);

  it('tells staff of a returned cart even when the bus refused the event at the return, once however often the browser confirms', async () => {
    const session = await openSession();
    await add(partnerHeaders(session), fauxWood, 'Unit 9 den');
    const submitted = await submit(session);
    await refusePublishing(baseUrl, submitted.body.submissionId);
    try {
      expect((await returned(session, submitted.body.submissionId)).status).toBe(204);
      expect((await returned(session, submitted.body.submissionId)).status).toBe(204);
      expect((await cart(partnerHeaders(session))).body.items).toHaveLength(0);
    } finally {
      await refusePublishing(baseUrl, null);
    }
    expect(await staffMailsOf(submitted.body.submissionId)).toEqual([]);
    await sweepOutbox(baseUrl);
    const mails = await eventually(
      () => staffMailsOf(submitted.body.submissionId),
      (found) => found.length > 0,
      20_000,
    );
    expect(mails).toHaveLength(1);
  });

  it('returns to an http BrowserFormPost URL, which the policy of the page that posts allows, and refuses one it could not post to, naming it', async () => {
    const answer = await postCxml(documents.iesa());
    expect(answer.status, answer.text).toBe(200);
    const session = await redeem(startParams(answer.cxml.startPageUrl!));
    expect(session.body.returnUrl).toBe('http://return_to_supplier_url.com');
    await add(partnerHeaders(session.body), fauxWood);
    const submitted = await submit(session.body);
    expect(submitted.body.returnUrl).toBe('http://return_to_supplier_url.com');

    const checkout = await fetch(`${baseUrl}/checkout`);
    const policy = checkout.headers.get('content-security-policy') ?? '';
    const formAction =
      policy
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .find(([name]) => name === 'form-action') ?? [];
    expect(formAction, policy).toEqual(expect.arrayContaining(['http:', 'https:']));

    for (const url of [
      'ftp://return_to_supplier_url.com/',
      'javascript:alert(1)',
      'http://buyer:pw@return_to_supplier_url.com/',
    ]) {
      const refused = await postCxml(documents.iesa().replace('http://return_to_supplier_url.com', url));
      expect([refused.status, refused.cxml.code]).toEqual([400, 400]);
      expect(refused.cxml.message).toContain(url);
    }
  });

  it('answers every press of a double-pressed submit with the same DTD-valid PunchOutOrderMessage', async () => {
    const session = await openSession();
    expect((await add(partnerHeaders(session), fauxWood, 'Unit 9 hall')).status).toBe(201);
    const presses = await Promise.all(Array.from({ length: 6 }, () => submit(session)));
    expect(presses.map(({ status, body }) => [status, body.error])).toEqual(presses.map(() => [200, undefined]));
    const first = presses[0]!.body;
    for (const press of presses) expect(press.body).toEqual(first);
    expect(cxmlDtdErrors(first.fieldValue)).toEqual([]);
    expect((await submit(session)).body).toEqual(first);
  });
});
