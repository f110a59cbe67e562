import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { SAMPLE_REFERENCE_PATTERN, type Sample, type SampleRequest } from '#domain/samples/sample';
import { MAX_SAMPLES_PER_REQUEST } from '#domain/samples/messages';
import { auditEntriesOf, staffIdOf } from '../support/audit-log';
import { signUpConfirmedCustomer } from '../support/customer';
import { pay, stripeControl } from '../support/checkout';
import { eventually } from '../support/eventually';
import { localStripe } from '../support/local-stripe';
import { sweepOutbox } from '../support/local-tools';
import { mailsFor } from '../support/outbox';
import { fetchFrom } from '../support/client-address';
import { accessTokenFor } from '../support/user-pool';
import { localTable } from './local-table';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');
const staff = inject('staffAccount');
const table = localTable();

const newSession = () => `samples-${randomUUID()}`;

interface Answer {
  message?: string;
  fieldErrors?: Record<string, string>;
  samples?: Sample[];
  sample?: Sample;
  count?: number;
  reference?: string;
  id?: string;
  checkoutUrl?: string;
  results?: Array<{ reference: string; ok: boolean; status?: string; reason?: string }>;
  sampleRequests?: SampleRequest[];
}

/**
 * A request from an address of its own (newClientAddress), as each visitor's would be: the requests
 * of other files, sent from 127.0.0.1 to the same stack, never spend this file's rate limits.
 */
async function call(session: string | null, method: string, path: string, body?: unknown, token?: string) {
  const response = await fetchFrom()(`${baseUrl}/api${path}`, {
    method,
    headers: {
      ...(session === null ? {} : { 'x-shopping-session-id': session }),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as Answer };
}

const add = (session: string, family: string, colorCode: string) =>
  call(session, 'POST', '/samples', { family, colorCode });
const list = async (session: string) => (await call(session, 'GET', '/samples')).body.samples!;
const count = async (session: string) => (await call(session, 'GET', '/samples/count')).body.count;

const shopper = (email: string) => ({
  name: 'Dana Reyes',
  email,
  phone: '214-555-0111',
  address1: '12 Elm St',
  address2: 'Apt 4',
  city: 'Plano',
  state: 'TX',
  zipCode: '75024',
});

let staffToken: string;

const checkoutSessionOf = (checkoutUrl: string) => new URL(checkoutUrl).pathname.split('/').pop()!;

async function storedRequest(reference: string) {
  const { Item } = await table.send(
    new GetCommand({ TableName: env.TABLE_NAME, Key: { pk: `SAMPLE_REQUEST#${reference}`, sk: 'SAMPLE_REQUEST' } }),
  );
  return Item;
}

/** A request of one sample, paid through the stand-in's hosted page and accepted. */
async function paidRequest(email: string): Promise<string> {
  const session = newSession();
  await add(session, 'vertical-blinds', 'V01');
  const { body } = await call(session, 'POST', '/sample-requests', shopper(email));
  await pay(baseUrl, checkoutSessionOf(body.checkoutUrl!));
  await eventually(
    () => storedRequest(body.reference!),
    (item) => item?.status === 'requested',
  );
  return body.reference!;
}

beforeAll(async () => {
  staffToken = await accessTokenFor(baseUrl, staff);
});

describe('sample cart', () => {
  it('refuses a missing or malformed session id', async () => {
    for (const session of [null, 'short', 'null', 'undefined']) {
      const { status, body } = await call(session, 'GET', '/samples');
      expect(status).toBe(400);
      expect(body.message).toBe('Could not access your sample cart.');
    }
  });

  it('adds catalogue samples described by the server, oldest first, and refuses a duplicate', async () => {
    const session = newSession();
    expect(await count(session)).toBe(0);
    const first = await call(session, 'POST', '/samples', {
      family: 'faux-wood-blinds',
      colorCode: 'E02',
      productName: 'Forged',
      color: 'Pink',
    });
    expect(first.status).toBe(201);
    expect(first.body.sample).toMatchObject({
      id: 'faux-wood-blinds-E02',
      productName: 'Faux Wood Blinds: Standard',
      productType: 'faux-wood-blinds',
      color: 'Smooth White (E02)',
      material: 'PVC foam faux wood',
      imageUrl: '/images/products/faux-wood-blinds-1.svg',
    });
    await add(session, 'roller-shades', 'RB04');

    const duplicate = await add(session, 'faux-wood-blinds', 'E02');
    expect(duplicate).toEqual({ status: 409, body: { message: 'Sample already in cart' } });
    expect((await list(session)).map((s) => s.id)).toEqual(['faux-wood-blinds-E02', 'roller-shades-RB04']);
    expect(await count(session)).toBe(2);
  });

  it('refuses a colour the catalogue does not have, and a bad body, naming the field', async () => {
    const session = newSession();
    const unknown = await add(session, 'wood-blinds', 'E02');
    expect(unknown.status).toBe(400);
    expect(unknown.body.fieldErrors).toEqual({
      colorCode: 'This color has no sample. Please choose a color from the list.',
    });
    const bad = await call(session, 'POST', '/samples', { family: 'curtains' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors ?? {}).sort()).toEqual(['colorCode', 'family']);
    expect(await count(session)).toBe(0);
  });

  it('keeps two sessions apart', async () => {
    const [one, two] = [newSession(), newSession()];
    await add(one, 'mini-blinds', 'M101');
    await add(two, 'mini-blinds', 'M202');
    expect((await list(one)).map((s) => s.id)).toEqual(['mini-blinds-M101']);
    expect((await list(two)).map((s) => s.id)).toEqual(['mini-blinds-M202']);
    expect((await call(two, 'DELETE', '/samples/mini-blinds-M101')).status).toBe(404);
    expect(await count(one)).toBe(1);
  });

  it('removes one sample, answers 404 for one not in the cart, and clears', async () => {
    const session = newSession();
    await add(session, 'wood-blinds', 'W201');
    await add(session, 'wood-blinds', 'W205');
    await add(session, 'vertical-blinds', 'V01');
    const removed = await call(session, 'DELETE', '/samples/wood-blinds-W201');
    expect(removed.status).toBe(200);
    expect(removed.body.samples!.map((s) => s.id)).toEqual(['wood-blinds-W205', 'vertical-blinds-V01']);
    expect(await call(session, 'DELETE', '/samples/wood-blinds-W201')).toEqual({
      status: 404,
      body: { message: 'Sample not found in cart' },
    });
    expect((await call(session, 'DELETE', '/samples')).status).toBe(200);
    expect(await count(session)).toBe(0);
  });

  it(`holds at most ${MAX_SAMPLES_PER_REQUEST} samples`, async () => {
    const session = newSession();
    const colors = ['E01', 'E02', 'E03', 'E05', 'E07', '253', '254', '256', '257'];
    for (const code of colors) expect((await add(session, 'faux-wood-blinds', code)).status).toBe(201);
    expect((await add(session, 'mini-blinds', 'M101')).status).toBe(201);
    const over = await add(session, 'mini-blinds', 'M102');
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(
      'You can request up to 10 samples at a time. Please remove one before adding another.',
    );
    expect(await count(session)).toBe(10);
  });

  it('forgets a sample whose 30 days ran out, even before DynamoDB deletes it', async () => {
    const session = newSession();
    await add(session, 'roller-shades', 'R2001');
    const key = { pk: `SAMPLES#${session}`, sk: 'SAMPLE#roller-shades-R2001' };
    const { Item } = await table.send(new GetCommand({ TableName: env.TABLE_NAME, Key: key }));
    const thirtyDays = 30 * 24 * 3600;
    expect(Item!.expiresAt).toBeGreaterThan(Date.now() / 1000 + thirtyDays - 60);
    await table.send(
      new UpdateCommand({
        TableName: env.TABLE_NAME,
        Key: key,
        UpdateExpression: 'SET expiresAt = :past',
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
      }),
    );
    expect(await count(session)).toBe(0);
    expect((await add(session, 'roller-shades', 'R2001')).status).toBe(201);
  });
});

describe('sample requests', () => {
  it('wait for the $15 sample shipping, paid once through the hosted page; then the samples leave the cart and staff and the shopper are mailed', async () => {
    const session = newSession();
    const email = `dana-${randomUUID()}@example.com`;
    await add(session, 'faux-wood-blinds', '254');
    await add(session, 'roller-shades', 'R3002');

    const { status, body } = await call(session, 'POST', '/sample-requests', shopper(email.toUpperCase()));
    expect(status).toBe(201);
    expect(body.reference).toMatch(SAMPLE_REFERENCE_PATTERN);
    // Nothing is accepted before the payment: the samples stay in the cart, nobody is mailed.
    expect(await count(session)).toBe(2);
    expect((await call(session, 'GET', `/sample-requests/${body.reference}`)).body).toMatchObject({
      status: 'awaitingPayment',
      sampleCount: 2,
    });
    expect((await call(newSession(), 'GET', `/sample-requests/${body.reference}`)).status).toBe(404);

    const sessionId = checkoutSessionOf(body.checkoutUrl!);
    const stripe = localStripe(env);
    const page = await stripe.checkout.sessions.retrieve(sessionId);
    expect(page).toMatchObject({ amount_total: 1500, customer_email: email, status: 'open' });

    const paid = await pay(baseUrl, sessionId);
    const accepted = await eventually(
      () => storedRequest(body.reference!),
      (item) => item?.status === 'requested',
    );
    expect(accepted).toMatchObject({
      entity: 'sampleRequest',
      id: body.id,
      email,
      state: 'TX',
      payment: { checkoutSessionId: sessionId, amountPaidCents: 1500 },
    });
    expect(accepted!.samples.map((s: Sample) => s.color)).toEqual(['Oak (254)', 'Beige (R3002)']);
    await eventually(
      () => count(session),
      (left) => left === 0,
    );

    // The same event delivered three more times at once changes nothing and mails no one again.
    const redelivered = await stripeControl(baseUrl, `/events/${paid.id}/deliver`, { times: 3 });
    expect(redelivered.body.attempts.map((a: { response: { status: number } }) => a.response.status)).toEqual([
      200, 200, 200,
    ]);
    const afterReplay = await storedRequest(body.reference!);
    expect(afterReplay!.history.map((entry: { to: string }) => entry.to)).toEqual(['requested']);

    const mails = await eventually(
      () => mailsFor(baseUrl, email),
      (m) => m.length >= 2,
    );
    await sweepOutbox(baseUrl);
    expect(await mailsFor(baseUrl, email)).toHaveLength(2);
    const toStaff = mails.find((m) => m.to.includes(env.STAFF_EMAIL!));
    const toShopper = mails.find((m) => m.to.includes(email));
    expect(toStaff?.subject).toBe(`Sample request ${body.reference}: 2 samples for Dana Reyes`);
    expect(toStaff?.text).toContain('12 Elm St');
    expect(toStaff?.text).toContain('Plano, TX 75024');
    expect(toStaff?.text).toContain('Faux Wood Blinds: Printed Wood Grain, Oak (254)');
    expect(toStaff?.text).toContain('Sample shipping of $15 paid by card.');
    expect(toShopper?.subject).toBe(`We received your sample request ${body.reference}`);
    expect(toShopper?.text).toContain('Roller Shades: Green 3000, Beige (R3002)');
    expect(toShopper?.text).toContain('3-7 business days');
    expect(toShopper?.text).toContain('We received your $15 sample shipping payment.');
    // The branded HTML part travels through SES with the text part and says the same.
    expect(toShopper?.html).toMatch(/^<!DOCTYPE html/);
    expect(toShopper?.html).toContain('>Hill &amp; Brook Blinds</a>');
    expect(toShopper?.html).toContain('Green 3000 screen fabric');
  });

  it('whose payment page runs out end unpaid, and keep their samples in the cart', async () => {
    const session = newSession();
    await add(session, 'mini-blinds', 'M101');
    const { body } = await call(session, 'POST', '/sample-requests', shopper(`expire-${randomUUID()}@example.com`));
    expect((await stripeControl(baseUrl, `/sessions/${checkoutSessionOf(body.checkoutUrl!)}/expire`)).status).toBe(200);
    await eventually(
      () => storedRequest(body.reference!),
      (item) => item?.status === 'expired',
    );
    expect(await count(session)).toBe(1);
  });

  it('are sent in bulk by staff with each carrier and tracking number, then delivered, the shopper mailed each time', async () => {
    const emails = [`bulk-a-${randomUUID()}@example.com`, `bulk-b-${randomUUID()}@example.com`];
    const references: string[] = [];
    for (const email of emails) references.push(await paidRequest(email));
    const unpaid = newSession();
    await add(unpaid, 'wood-blinds', 'W201');
    const waiting = (await call(unpaid, 'POST', '/sample-requests', shopper(`bulk-c-${randomUUID()}@example.com`))).body
      .reference!;

    const shipments = [
      { reference: references[0], carrier: 'USPS', trackingNumber: '9400 1000 0000 0000 0001' },
      { reference: references[1], carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
      { reference: waiting, carrier: 'USPS', trackingNumber: '9400 1000 0000 0000 0002' },
    ];
    const customer = await signUpConfirmedCustomer(baseUrl);
    expect((await call(null, 'POST', '/admin/sample-requests/send', { shipments }, customer.accessToken)).status).toBe(
      403,
    );
    const sent = await call(null, 'POST', '/admin/sample-requests/send', { shipments }, staffToken);
    expect(sent.status).toBe(200);
    expect(sent.body.results).toEqual([
      { reference: references[0], ok: true, status: 'sent' },
      { reference: references[1], ok: true, status: 'sent' },
      {
        reference: waiting,
        ok: false,
        reason: 'This request is awaiting payment: it can be sent only when it is to send.',
      },
    ]);
    expect(await storedRequest(references[1]!)).toMatchObject({
      status: 'sent',
      shipment: {
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
        trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      },
    });
    const again = await call(
      null,
      'POST',
      '/admin/sample-requests/send',
      { shipments: shipments.slice(0, 1) },
      staffToken,
    );
    expect(again.body.results![0]).toMatchObject({
      ok: false,
      reason: expect.stringContaining('This request is sent'),
    });

    const onTheirWay = await eventually(
      () => mailsFor(baseUrl, emails[1]!),
      (m) => m.some((mail) => mail.subject.startsWith('Your samples are on their way')),
    );
    const sentMail = onTheirWay.find((mail) => mail.subject.startsWith('Your samples are on their way'))!;
    expect(sentMail.subject).toBe(`Your samples are on their way (${references[1]})`);
    expect(sentMail.text).toContain('with UPS. Tracking number: 1Z999AA10123456784.');
    expect(sentMail.text).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');

    const delivered = await call(null, 'POST', '/admin/sample-requests/deliver', { references }, staffToken);
    expect(delivered.body.results!.map((r: { ok: boolean }) => r.ok)).toEqual([true, true]);
    await eventually(
      () => mailsFor(baseUrl, emails[0]!),
      (m) => m.some((mail) => mail.subject === `Your samples were delivered (${references[0]})`),
    );
    const history = (await storedRequest(references[0]!))!.history;
    expect(history.map((entry: { to: string; note: string | null }) => [entry.to, entry.note])).toEqual([
      ['requested', 'Paid $15.00'],
      ['sent', 'USPS 9400 1000 0000 0000 0001'],
      ['delivered', null],
    ]);

    const owner = { accessToken: staffToken };
    const stored = await storedRequest(references[1]!);
    const entries = await auditEntriesOf(baseUrl, owner, 'sampleRequest', stored!.id as string);
    expect(
      entries.map(({ action }) => action),
      'the refused second send writes none',
    ).toEqual(['deliver', 'send']);
    expect(entries[1]).toMatchObject({
      staff: { id: staffIdOf(owner) },
      record: { kind: 'sampleRequest', id: stored!.id, label: references[1] },
      before: { status: 'requested', shipment: null },
      after: { status: 'sent', shipment: stored!.shipment },
    });
    expect(entries[0]).toMatchObject({ before: { status: 'sent' }, after: { status: 'delivered' } });
    const waitingRequest = await storedRequest(waiting);
    expect(await auditEntriesOf(baseUrl, owner, 'sampleRequest', waitingRequest!.id as string)).toEqual([]);
  });

  it('refuse an empty sample cart', async () => {
    const { status, body } = await call(newSession(), 'POST', '/sample-requests', shopper('empty@example.com'));
    expect(status).toBe(400);
    expect(body.message).toBe('Your sample cart is empty. Add a sample from any product color before requesting.');
  });

  it('refuse bad details naming each field, and keep the samples', async () => {
    const session = newSession();
    await add(session, 'vertical-blinds', 'V02');
    const { status, body } = await call(session, 'POST', '/sample-requests', {
      name: '',
      email: 'nope',
      address1: '',
      city: 'Plano',
      state: 'ZZ',
      zipCode: '7502',
    });
    expect(status).toBe(400);
    expect(body.fieldErrors).toEqual({
      name: 'Please enter your name.',
      email: 'Please enter a valid email address.',
      address1: 'Please enter your street address.',
      state: 'Please choose your state.',
      zipCode: 'Please enter a valid ZIP code.',
    });
    expect(await count(session)).toBe(1);
  });

  it('are listed for staff only, newest first', async () => {
    const session = newSession();
    const email = `staff-list-${randomUUID()}@example.com`;
    await add(session, 'mini-blinds', 'M301');
    const { body } = await call(session, 'POST', '/sample-requests', shopper(email));

    expect((await call(null, 'GET', '/admin/sample-requests')).status).toBe(401);
    const customer = await signUpConfirmedCustomer(baseUrl);
    expect((await call(null, 'GET', '/admin/sample-requests', undefined, customer.accessToken)).status).toBe(403);

    const listed = await call(null, 'GET', '/admin/sample-requests', undefined, staffToken);
    expect(listed.status).toBe(200);
    const requests = listed.body.sampleRequests!;
    expect(requests[0]).toMatchObject({
      reference: body.reference,
      email,
      name: 'Dana Reyes',
      city: 'Plano',
      status: 'awaitingPayment',
    });
    expect(requests[0]).not.toHaveProperty('sessionId');
    expect(requests[0]!.samples).toEqual([
      expect.objectContaining({ productName: 'Mini Blinds: Vinyl', color: 'White (M301)' }),
    ]);
    expect(requests[0]).not.toHaveProperty('pk');
    const times = requests.map((r) => r.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });
});
