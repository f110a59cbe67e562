/**
 * The requests the shop sends to addresses staff or a buyer typed (functions/lib/outgoing-request.ts,
 * decision 0036), seen through a buyer's invoice delivery on the local stack: a redirect is the
 * answer and never followed, a name of a private address is refused at its look-up, an endless answer
 * is cut at its bound, a receiver that never answers runs out of time; and the address rules as on
 * AWS, and as the local switch narrows them.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Context, EventBridgeEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { INSECURE_URL_MESSAGE, PRIVATE_ADDRESS_MESSAGE } from '#domain/outgoing-address';
import { newConfigurationSchema } from '#domain/punchout/configuration';
import { cxmlResponse } from '#domain/punchout/cxml/build';
import { type PurchaseOrderAddress } from '#domain/punchout/purchase-order';
import { invoiceNumberOf, type PunchoutInvoice } from '#domain/punchout/invoice';
import { readableCode } from '#domain/readable-code';
import { PunchoutInvoiceIssued } from '#events/catalog';
import { resetConfigCache } from '../../functions/lib/config';
import { publish } from '../../functions/lib/events';
import { postOutgoing } from '../../functions/lib/outgoing-request';
import { punchoutInvoiceKeys } from '../../functions/lib/table/keys/punchout';
import { saveConfiguration } from '../../functions/punchout/configuration-store';
import { readInvoice } from '../../functions/punchout/invoice-store';
import { deliverInvoice } from '../../functions/punchout/invoices';
import { lambdaContext } from '../../infra/local/handlers';
import { eventually } from '../support/eventually';
import { accessTokenFor } from '../support/user-pool';
import { localTable } from './local-table';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');

/** How often each receiver path was sent a request, and the paths whose endless answer's connection was closed. */
const hits = new Map<string, number>();
const closed = new Set<string>();
const open: ServerResponse[] = [];
let receiver: Server;
let elsewhere: Server;
let receiverUrl: string;
let elsewhereUrl: string;

const hitsOf = (path: string) => hits.get(path) ?? 0;

/** A buyer's invoice address that answers by path: a redirect elsewhere, an endless accepted answer, or nothing ever. */
function buyerReceiver(): Server {
  return createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const path = req.url ?? '/';
      hits.set(path, hitsOf(path) + 1);
      if (path.startsWith('/redirect')) return void res.writeHead(307, { location: `${elsewhereUrl}/caught` }).end();
      if (path.startsWith('/hang')) return void open.push(res);
      if (path.startsWith('/endless')) {
        res.writeHead(200, { 'content-type': 'text/xml' });
        res.write(cxmlResponse({ code: 200, text: 'OK' }));
        const padding = ' '.repeat(16 * 1024);
        const more = () => {
          if (res.destroyed) return;
          res.write(padding);
          setTimeout(more, 1);
        };
        res.on('close', () => closed.add(path));
        return more();
      }
      res.writeHead(200, { 'content-type': 'text/xml' }).end(cxmlResponse({ code: 200, text: 'OK' }));
    });
  });
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  // Invoices are read and events published from this process as the handlers do, against the stack's table and bus.
  Object.assign(process.env, env);
  resetConfigCache();
  receiver = buyerReceiver();
  elsewhere = buyerReceiver();
  [receiverUrl, elsewhereUrl] = await Promise.all([listen(receiver), listen(elsewhere)]);
  // Another host than the receiver's, on this machine: the name where the receiver is an address literal.
  elsewhereUrl = elsewhereUrl.replace('127.0.0.1', 'localhost');
});

afterAll(async () => {
  for (const res of open) res.destroy();
  await Promise.all([receiver, elsewhere].map((server) => new Promise((done) => server.close(done))));
});

/** Runs `work` as on AWS, where the local switch is unset: https and public addresses only. */
async function withoutLocalSwitch<T>(work: () => Promise<T>): Promise<T> {
  process.env.OUTGOING_REQUESTS_ALLOW_LOOPBACK = 'false';
  resetConfigCache();
  try {
    return await work();
  } finally {
    process.env.OUTGOING_REQUESTS_ALLOW_LOOPBACK = env.OUTGOING_REQUESTS_ALLOW_LOOPBACK;
    resetConfigCache();
  }
}

const address: PurchaseOrderAddress = {
  name: 'Oak Terrace Apartments',
  deliverTo: ['Maria Gomez'],
  street: ['1200 Elm St'],
  city: 'Dallas',
  state: 'TX',
  postalCode: '75201',
  country: 'United States',
  email: 'maria@oakterrace.example',
};

/** An issued invoice of a configuration whose invoice address is `invoiceUrl` (saved past the staff route, whose check would refuse some). */
async function issuedInvoice(invoiceUrl: string): Promise<PunchoutInvoice> {
  const run = randomUUID().slice(0, 8);
  const { configuration } = await saveConfiguration(
    newConfigurationSchema({ allowInsecureLocalhost: true }).parse({
      clientId: `client-${run}`,
      accountNumber: `ACCT-${run}`,
      propertyName: 'Oak Terrace Apartments',
      identity: `rp-${run}`,
      sharedSecret: `secret-${randomUUID()}`,
      buyerSystem: 'RealPage',
      invoiceUrl,
    }),
  );
  const orderNumber = `HBB-${readableCode(randomBytes(6), 6)}`;
  const issuedAt = new Date().toISOString();
  const invoice: PunchoutInvoice = {
    id: invoiceNumberOf(orderNumber),
    invoiceNumber: invoiceNumberOf(orderNumber),
    orderId: randomUUID(),
    orderNumber,
    status: 'issued',
    configurationId: configuration.id,
    buyerSystem: 'RealPage',
    buyerOrderId: `PO-${run}`,
    buyerOrderDate: issuedAt,
    customerName: address.name,
    shipTo: address,
    billTo: address,
    lines: [
      {
        lineNumber: 1,
        supplierPartId: 'FW-1',
        supplierPartAuxiliaryId: `${run}-1`,
        description: 'Blind 1',
        quantity: 1,
        unitOfMeasure: 'EA',
        unitCents: 4140,
        lineCents: 4140,
      },
    ],
    subtotalCents: 4140,
    taxCents: 0,
    shippingCents: 0,
    totalCents: 4140,
    currency: 'USD',
    issuedAt,
    shippedAt: issuedAt,
    delivery: { status: 'pending', attempts: 0, lastError: null, deliveredAt: null },
  };
  await localTable().send(
    new PutCommand({
      TableName: env.TABLE_NAME,
      Item: { ...punchoutInvoiceKeys(invoice.id, issuedAt), entity: 'punchoutInvoice', ...invoice },
    }),
  );
  return invoice;
}

const issuedDetail = (invoice: PunchoutInvoice) => ({
  invoiceId: invoice.id,
  invoiceNumber: invoice.invoiceNumber,
  orderId: invoice.orderId,
  orderNumber: invoice.orderNumber,
  configurationId: invoice.configurationId,
  totalCents: invoice.totalCents,
  issuedAt: invoice.issuedAt,
});

/** The invoice once the stack's delivery consumer has made its first attempt. */
async function afterFirstAttempt(invoice: PunchoutInvoice, timeoutMs = 10_000) {
  const read = await eventually(
    () => readInvoice(invoice.id),
    (found) => (found?.delivery.attempts ?? 0) >= 1,
    timeoutMs,
  );
  return read!.delivery;
}

describe('a buyer’s invoice delivery', () => {
  it('does not follow a redirect to another host: the 307 is the answer, recorded as a failure', async () => {
    const invoice = await issuedInvoice(`${receiverUrl}/redirect/${randomUUID()}`);
    await publish(PunchoutInvoiceIssued, issuedDetail(invoice));
    expect(await afterFirstAttempt(invoice)).toMatchObject({
      status: 'failed',
      lastError: 'HTTP 307: a redirect, which invoices do not follow',
    });
    expect(hitsOf('/caught')).toBe(0);
  });

  it('refuses a name of a private address at its look-up, as on AWS: nothing sent, recorded, not retried', async () => {
    const path = `/refused/${randomUUID()}`;
    const invoice = await issuedInvoice(`https://localhost:${new URL(receiverUrl).port}${path}`);
    // Run here, where the switch can be off; the stack's consumer is never told of this invoice.
    const envelope: EventBridgeEvent<string, unknown> = {
      version: '0',
      id: randomUUID(),
      'detail-type': PunchoutInvoiceIssued.name,
      source: 'shop',
      account: '000000000000',
      time: invoice.issuedAt,
      region: env.AWS_REGION!,
      resources: [],
      detail: { ...issuedDetail(invoice), version: PunchoutInvoiceIssued.version },
    };
    const context: Context = {
      ...lambdaContext('DeliverPunchoutInvoice', 30_000),
      done: () => {},
      fail: () => {},
      succeed: () => {},
    };
    await withoutLocalSwitch(() => deliverInvoice(envelope, context));
    expect((await readInvoice(invoice.id))!.delivery).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: PRIVATE_ADDRESS_MESSAGE,
    });
    expect(hitsOf(path)).toBe(0);
  });

  it('reads an endless answer up to its bound, closes the connection and judges what it read', async () => {
    const invoice = await issuedInvoice(`${receiverUrl}/endless/${randomUUID()}`);
    await publish(PunchoutInvoiceIssued, issuedDetail(invoice));
    expect(await afterFirstAttempt(invoice)).toMatchObject({ status: 'delivered', attempts: 1, lastError: null });
  });

  it('gives up on a receiver that never answers after 10 s', async () => {
    const invoice = await issuedInvoice(`${receiverUrl}/hang/${randomUUID()}`);
    await publish(PunchoutInvoiceIssued, issuedDetail(invoice));
    expect(await afterFirstAttempt(invoice, 25_000)).toMatchObject({
      status: 'failed',
      lastError: 'Not reached: No answer within 10 s',
    });
  });
});

describe('the address rules (functions/lib/outgoing-request.ts)', () => {
  const post = (url: string, maxBodyBytes = 500) =>
    postOutgoing({ url, body: '{}', headers: {}, timeoutMs: 10_000, maxBodyBytes });

  it('as on AWS: https only, and no loopback or private address, by name too (checked on the resolved address)', async () => {
    const port = new URL(receiverUrl).port;
    const path = `/as-on-aws/${randomUUID()}`;
    const refused = await withoutLocalSwitch(() =>
      Promise.all([
        post(`https://127.0.0.1:${port}${path}`),
        post(`https://localhost:${port}${path}`),
        post(`https://[::ffff:7f00:1]:${port}${path}`),
        post(`${receiverUrl}${path}`),
      ]),
    );
    expect(refused.map(({ status, error, refused }) => ({ status, error, refused }))).toEqual([
      { status: null, error: PRIVATE_ADDRESS_MESSAGE, refused: true },
      { status: null, error: PRIVATE_ADDRESS_MESSAGE, refused: true },
      { status: null, error: PRIVATE_ADDRESS_MESSAGE, refused: true },
      { status: null, error: INSECURE_URL_MESSAGE, refused: true },
    ]);
    expect(hitsOf(path)).toBe(0);
  });

  it('on the local stack: loopback allowed, the rest of the private network still refused', async () => {
    expect(await post(`${receiverUrl}/ok`)).toMatchObject({ status: 200, error: null, refused: false });
    for (const url of [
      'http://10.0.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00::1]/',
      'http://0.0.0.0/',
    ]) {
      expect(await post(url)).toMatchObject({ status: null, error: PRIVATE_ADDRESS_MESSAGE, refused: true });
    }
  });

  it('cuts an answer at its bound and closes the connection', async () => {
    const path = `/endless/${randomUUID()}`;
    const answer = await post(`${receiverUrl}${path}`, 1000);
    expect(answer).toMatchObject({ status: 200, bodyCut: true, error: null });
    expect(Buffer.byteLength(answer.body)).toBe(1000);
    expect(
      await eventually(
        async () => closed.has(path),
        (done) => done,
      ),
    ).toBe(true);
  });

  it('refuses an invoice address of a private network when staff save it', async () => {
    const staffToken = await accessTokenFor(baseUrl, inject('staffAccount'));
    const run = randomUUID().slice(0, 8);
    const response = await fetch(`${baseUrl}/api/admin/punchout/configurations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${staffToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        clientId: `client-${run}`,
        accountNumber: `ACCT-${run}`,
        propertyName: 'Oak Terrace Apartments',
        identity: `rp-${run}`,
        sharedSecret: `secret-${randomUUID()}`,
        invoiceUrl: 'https://10.1.2.3/invoices',
      }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({
      invoiceUrl: PRIVATE_ADDRESS_MESSAGE,
    });
  });
});
