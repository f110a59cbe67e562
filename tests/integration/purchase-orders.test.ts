/**
 * Punch-out orders through the local stack (domain/punchout/README.md, decision 0018): a buyer's
 * OrderRequest makes one order however often it is delivered, its lines are the submitted blinds
 * with their prices checked, shipping it makes one invoice, exported three ways and delivered to
 * the buyer's invoice address with retries; the partner APIs answer only their own buyer.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AdminOrderDetail } from '#domain/orders/responses';
import { MAX_ORDER_LINES } from '#domain/checkout/totals';
import { WOOD_SMOOTH_COLORS } from '#domain/catalogue/colors';
import { defaultConfiguration } from '#domain/pricing/configuration';
import {
  newConfigurationSchema,
  type ConfigurationFormInput,
  type PunchoutConfiguration,
} from '#domain/punchout/configuration';
import { cxmlResponse, orderRequest, parseCxmlResponse, type Address, type ItemOut } from '#domain/punchout/cxml/index';
import {
  ORDER_INTEGRATION_SHIP_TO_MESSAGE,
  PURCHASE_ORDER_MESSAGES,
  type OrderIntegrationResponse,
} from '#domain/punchout/purchase-order';
import { INVOICE_TSV_COLUMNS, invoiceNumberOf, type InvoicesPage } from '#domain/punchout/invoice';
import { auxiliaryIdOf } from '#domain/punchout/session';
import { OUTBOX_SWEEP_AFTER_MS } from '../../functions/lib/event-outbox';
import { purchaseOrderIdOf } from '../../functions/orders/purchase-orders';
import { saveConfiguration } from '../../functions/punchout/configuration-store';
import { storeSubmission, type Submission } from '../../functions/punchout/sessions-store';
import { registerConfirmedCustomer, signUpConfirmedCustomer } from '../support/customer';
import { cxmlDtdErrors } from '../support/cxml-dtd';
import { eventually } from '../support/eventually';
import { localTools, refusePublishing } from '../support/local-tools';
import { outbox } from '../support/outbox';
import { accessTokenFor } from '../support/user-pool';
import { CXML_BUYERS_DIR } from '../support/shared-files';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');
const staffAccount = inject('staffAccount');
const run = randomUUID().slice(0, 8);

let staffToken: string;
let coupa: PunchoutConfiguration;
let realPage: PunchoutConfiguration;
let other: PunchoutConfiguration;

/** The buyer's invoice address: refuses the first delivery, accepts the next, and keeps what it got. */
const received: string[] = [];
let receiver: Server;

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

const coupaSecret = `coupa-secret-${run}`;
const realPageSecret = `open-sesame-${run}`;

beforeAll(async () => {
  Object.assign(process.env, env);
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push(body);
      const accepted = received.length > 1;
      response.writeHead(accepted ? 200 : 500, { 'content-type': 'text/xml' });
      response.end(accepted ? cxmlResponse({ code: 200, text: 'OK' }) : 'busy');
    });
  });
  await new Promise<void>((done) => receiver.listen(0, done));
  const invoiceUrl = `http://localhost:${(receiver.address() as AddressInfo).port}/invoices`;
  // The property manager RealPage buys as: an order the partner API makes is theirs.
  const manager = await registerConfirmedCustomer(baseUrl, { firstName: 'Maria', lastName: 'Gomez' });
  [staffToken, coupa, realPage, other] = await Promise.all([
    accessTokenFor(baseUrl, staffAccount),
    configure({ identity: `dell-${run}`, sharedSecret: coupaSecret, buyerSystem: 'Coupa' }),
    configure({
      identity: `rp-${run}`,
      sharedSecret: realPageSecret,
      buyerSystem: 'RealPage',
      invoiceUrl,
      clientId: manager.clientId,
    }),
    configure({ identity: `other-${run}`, buyerSystem: 'Other cXML' }),
  ]);
});

afterAll(() => new Promise<void>((done) => receiver.close(() => done())));

async function postCxml(body: string) {
  const response = await fetch(`${baseUrl}/api/punchout/cxml`, {
    method: 'POST',
    headers: { 'content-type': 'text/xml; charset=utf-8' },
    body,
  });
  const text = await response.text();
  return { status: response.status, cxml: parseCxmlResponse(text) };
}

async function api<T>(method: string, path: string, token: string | null, body?: unknown) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, headers: response.headers, text: await response.text() } as {
    status: number;
    headers: Headers;
    text: string;
    body?: T;
  };
}

async function adminOrder(orderId: string) {
  const answer = await api('GET', `/admin/orders/${orderId}`, staffToken);
  return { status: answer.status, order: answer.status === 200 ? (JSON.parse(answer.text) as AdminOrderDetail) : null };
}

const shipTo: Address = {
  name: 'Oak Terrace Apartments',
  deliverTo: ['Maria Gomez'],
  street: ['1200 Elm St', 'Unit 4'],
  city: 'Dallas',
  state: 'tx',
  postalCode: '75201',
  country: 'United States',
  email: `maria-${run}@oakterrace.example`,
};

/** A cart the shop returned to RealPage: two blinds with their rooms and unit prices (or `count` faux wood blinds), stored as the submit stores it. */
async function submittedCart(count?: number): Promise<Submission> {
  const lines: Submission['lines'] =
    count === undefined
      ? [
          {
            position: 1,
            configuration: defaultConfiguration('faux-wood-blinds'),
            roomLabel: 'Living Room',
            quantity: 2,
            unitCents: 4140,
          },
          {
            position: 2,
            configuration: { ...defaultConfiguration('wood-blinds'), color: WOOD_SMOOTH_COLORS[0]!.code },
            roomLabel: null,
            quantity: 1,
            unitCents: 12000,
          },
        ]
      : Array.from({ length: count }, (_, index) => ({
          position: index + 1,
          configuration: defaultConfiguration('faux-wood-blinds'),
          roomLabel: `Unit ${index + 1}`,
          quantity: 1,
          unitCents: 4140,
        }));
  const submission: Submission = {
    submissionId: randomUUID().replace(/-/g, ''),
    cartId: randomUUID(),
    cartUpdatedAt: new Date().toISOString(),
    configId: realPage.id,
    sessionId: randomUUID(),
    buyerCookie: `bc-${run}`,
    operationAllowed: 'edit',
    totalCents: lines.reduce((sum, line) => sum + line.quantity * line.unitCents, 0),
    lines,
    createdAt: new Date().toISOString(),
  };
  await storeSubmission(submission);
  return submission;
}

/** RealPage's OrderRequest for these lines, the Total their sum (or the largest a cXML Money writes exactly). */
function realPageOrderRequest(orderId: string, itemsOut: ItemOut[]): string {
  const sum = itemsOut.reduce((total, item) => total + item.quantity * item.unitPrice!.cents, 0);
  const total = Number.isSafeInteger(sum) ? sum : 999_999_999_999_999;
  const credential = { domain: 'NetworkId', identity: realPage.identity };
  return orderRequest({
    from: [credential],
    to: [{ domain: 'NetworkId', identity: 'shop' }],
    sender: { credentials: [{ ...credential, sharedSecret: realPageSecret }], userAgent: 'RealPage' },
    orderId,
    total: { cents: total, currency: 'USD' },
    shipTo,
    billTo: shipTo,
    itemsOut,
  });
}

function itemOut(lineNumber: number, quantity: number, unitCents: number, supplierPartAuxiliaryId?: string): ItemOut {
  return {
    quantity,
    lineNumber,
    supplierPartId: `FW-${lineNumber}`,
    ...(supplierPartAuxiliaryId ? { supplierPartAuxiliaryId } : {}),
    unitPrice: { cents: unitCents, currency: 'USD' },
    description: `Blind ${lineNumber}`,
    unitOfMeasure: 'EA',
    extrinsics: {},
  };
}

function orderRequestOf(
  submission: Submission,
  orderId: string,
  unitCents: (line: Submission['lines'][number]) => number,
): string {
  return realPageOrderRequest(
    orderId,
    submission.lines.map((line) =>
      itemOut(line.position, line.quantity, unitCents(line), auxiliaryIdOf(submission.submissionId, line.position)),
    ),
  );
}

describe('OrderRequest', () => {
  it("Coupa's sample makes one order on invoice, however often it is delivered", async () => {
    // The sample's Sender carries no SharedSecret; a Coupa configuration has one, so it is added.
    const document = readFileSync(
      resolve(CXML_BUYERS_DIR, 'order-request.coupa-annotated-sample.officeluv-cxml.xml'),
      'utf8',
    )
      .split('>dell<')
      .join(`>${coupa.identity}<`)
      .replace('<!-- same as From -->', `<SharedSecret>${coupaSecret}</SharedSecret>`)
      .replace('payloadID="1452186890.009162@ip-10-7-14-126"', `payloadID="${run}.009162@coupa"`);
    const first = await postCxml(document);
    const again = await postCxml(document);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.cxml.message).toBe(first.cxml.message);

    const { order } = await adminOrder(purchaseOrderIdOf(coupa.id, '6112'));
    expect(order).toMatchObject({
      channel: 'punchout',
      status: 'processing',
      paymentStatus: 'invoice',
      orderNumber: first.cxml.message.split(' ').pop(),
    });
    expect(order!.shippingAddress).toEqual({
      address1: '333 East Hill Dr',
      address2: '',
      city: 'san leandro',
      state: 'CA',
      zipCode: '22222',
    });
    expect(order!.purchaseOrder).toMatchObject({
      buyerOrderId: '6112',
      buyerSystem: 'Coupa',
      documentTotalCents: 150_500,
    });
    // Coupa's lines name no cart the shop returned, and its total is not theirs: staff must look.
    expect(order!.priceReview!.issues.map((issue) => issue.kind)).toEqual([
      'unknownLine',
      'unknownLine',
      'totalMismatch',
    ]);
    expect(order!.history.filter((entry) => entry.event === 'placed')).toHaveLength(1);
  });

  let placed: AdminOrderDetail;

  it("makes the submitted blinds the order's lines, with their options, and flags a changed price", async () => {
    const submission = await submittedCart();
    const exact = await postCxml(orderRequestOf(submission, `PO-${run}-1`, (line) => line.unitCents));
    const changed = await postCxml(
      orderRequestOf(submission, `PO-${run}-2`, (line) => (line.position === 2 ? 9900 : line.unitCents)),
    );
    expect([exact.status, changed.status]).toEqual([200, 200]);

    placed = (await adminOrder(purchaseOrderIdOf(realPage.id, `PO-${run}-1`))).order!;
    expect(
      placed.lines.map((line) => ({
        configuration: line.configuration,
        roomLabel: line.roomLabel,
        quantity: line.quantity,
        unitCents: line.unitCents,
      })),
    ).toEqual(
      submission.lines.map((line) => ({
        configuration: { ...line.configuration, quantity: line.quantity },
        roomLabel: line.roomLabel,
        quantity: line.quantity,
        unitCents: line.unitCents,
      })),
    );
    expect(placed.priceReview).toEqual({ flagged: false, issues: [] });
    expect(placed.totals.totalCents).toBe(submission.totalCents);

    const flagged = (await adminOrder(purchaseOrderIdOf(realPage.id, `PO-${run}-2`))).order!;
    expect(flagged.priceReview).toMatchObject({
      flagged: true,
      issues: [{ kind: 'priceChanged', lineNumber: 2, orderedCents: 9900, expectedCents: 12000 }],
    });
  });

  it('places 96 submitted blinds, which answered 500 on every delivery when an order was one transaction', async () => {
    const submission = await submittedCart(96);
    const document = orderRequestOf(submission, `PO-${run}-96`, (line) => line.unitCents);
    const deliveries = [await postCxml(document), await postCxml(document)];
    expect(deliveries.map((answer) => answer.status)).toEqual([200, 200]);
    const order = (await adminOrder(purchaseOrderIdOf(realPage.id, `PO-${run}-96`))).order!;
    expect(order.lines.map((line) => line.position)).toEqual(submission.lines.map((line) => line.position));
    expect(order.totals.totalCents).toBe(submission.totalCents);
  });

  it('places a 1,000-line OrderRequest once, however often and however concurrently it is delivered, with every line in the staff view and the mails', async () => {
    const submission = await submittedCart(MAX_ORDER_LINES);
    // Every tenth line at another price than submitted: the review's issues are kept with their lines.
    const document = orderRequestOf(submission, `PO-${run}-1000`, (line) =>
      line.position % 10 === 0 ? line.unitCents + 1 : line.unitCents,
    );
    const timed = async () => {
      const started = Date.now();
      const answer = await postCxml(document);
      return { ...answer, ms: Date.now() - started };
    };
    const deliveries = [...(await Promise.all([timed(), timed()])), await timed()];
    const orderNumber = deliveries[0]!.cxml.message.split(' ').pop()!;
    expect(orderNumber).toMatch(/^HBB-/);
    for (const delivery of deliveries) {
      expect({ status: delivery.status, code: delivery.cxml.code, message: delivery.cxml.message }).toEqual({
        status: 200,
        code: 200,
        message: `Accepted as order ${orderNumber}`,
      });
      // API Gateway answers 504 after 29 seconds, whatever the shop does after.
      expect(delivery.ms).toBeLessThan(29_000);
    }

    const order = (await adminOrder(purchaseOrderIdOf(realPage.id, `PO-${run}-1000`))).order!;
    expect(order.orderNumber).toBe(orderNumber);
    expect(order.history.filter((entry) => entry.event === 'placed')).toHaveLength(1);
    expect(order.lines.map((line) => [line.position, line.roomLabel])).toEqual(
      submission.lines.map((line) => [line.position, line.roomLabel]),
    );
    expect(
      order.purchaseOrder!.items.map((item) => [item.lineNumber, item.supplierPartId, item.orderLinePosition]),
    ).toEqual(submission.lines.map((line) => [line.position, `FW-${line.position}`, line.position]));
    expect(order.priceReview!.issues.map((issue) => [issue.kind, issue.lineNumber])).toEqual(
      submission.lines.filter((line) => line.position % 10 === 0).map((line) => ['priceChanged', line.position]),
    );

    // One acknowledgement for the buyer and one notice for staff, each listing every blind with its room.
    const mails = await eventually(
      async () => (await outbox(baseUrl)).filter((mail) => mail.subject.includes(orderNumber)),
      (found) => found.length >= 2,
      30_000,
    );
    expect(mails.map((mail) => mail.to.join()).sort()).toEqual([shipTo.email!, env.STAFF_EMAIL!].sort());
    for (const mail of mails) {
      const rooms = [...mail.text!.matchAll(/Room: Unit (\d+)/g)].map((found) => Number(found[1]));
      expect(rooms).toEqual(submission.lines.map((line) => line.position));
    }
    const staffMail = mails.find((mail) => mail.to.includes(env.STAFF_EMAIL!))!;
    expect(staffMail.text).toContain('Line 1000: ordered at $41.41 a unit, submitted at $41.40.');
  }, 120_000);

  it('shipping it makes one invoice, listed, exported three ways, and delivered to the invoice address after a failure', async () => {
    const shipped = await api('POST', `/admin/orders/${placed.id}/transitions`, staffToken, {
      action: 'ship',
      carrier: 'UPS',
      trackingNumber: `1Z${run}`,
    });
    expect(shipped.status).toBe(200);
    const invoiceId = invoiceNumberOf(placed.orderNumber);

    const page = await eventually(
      async () => JSON.parse((await api('GET', '/admin/punchout/invoices', staffToken)).text) as InvoicesPage,
      (list) => list.invoices.some((invoice) => invoice.id === invoiceId && invoice.delivery.status === 'delivered'),
      15_000,
    );
    const listed = page.invoices.filter((invoice) => invoice.orderNumber === placed.orderNumber);
    expect(listed).toEqual([
      expect.objectContaining({
        id: invoiceId,
        invoiceNumber: invoiceId,
        status: 'issued',
        totalCents: placed.totals.totalCents,
      }),
    ]);
    expect(page.invoices.map((invoice) => invoice.issuedAt)).toEqual(
      [...page.invoices.map((invoice) => invoice.issuedAt)].sort().reverse(),
    );
    // Refused once (HTTP 500), accepted on the bus's retry: the same DTD-valid invoice both times.
    expect(received).toHaveLength(2);
    expect(cxmlDtdErrors(received[1]!, '1.2.020-InvoiceDetail.dtd')).toEqual([]);

    const exported = async (format: string) => {
      const answer = await api('GET', `/admin/punchout/invoices/${invoiceId}/export?format=${format}`, staffToken);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="invoice-${invoiceId}.${format}"`);
      return answer.text;
    };
    const cxml = await exported('cxml');
    expect(cxmlDtdErrors(cxml, '1.2.020-InvoiceDetail.dtd')).toEqual([]);
    expect(cxml).toContain(`orderID="PO-${run}-1"`);
    const [header, ...rows] = (await exported('tsv')).split('\n');
    expect(header!.split('\t')).toEqual([...INVOICE_TSV_COLUMNS]);
    expect(rows.map((row) => row.split('\t').slice(5, 12))).toEqual([
      ['1', 'FW-1', 'Blind 1', '2', 'EA', '41.40', '82.80'],
      ['2', 'FW-2', 'Blind 2', '1', 'EA', '120.00', '120.00'],
    ]);
    expect(await exported('xml')).toContain(`<Invoice number="${invoiceId}" status="issued">`);
    expect((await api('GET', `/admin/punchout/invoices/${invoiceId}/export?format=pdf`, staffToken)).status).toBe(400);

    // Delivering the order afterwards makes no second invoice.
    expect(
      (await api('POST', `/admin/orders/${placed.id}/transitions`, staffToken, { action: 'deliver' })).status,
    ).toBe(200);
    const invoices = (JSON.parse((await api('GET', '/admin/punchout/invoices', staffToken)).text) as InvoicesPage)
      .invoices;
    expect(invoices.filter((invoice) => invoice.orderNumber === placed.orderNumber)).toEqual([
      expect.objectContaining({ delivery: { status: 'delivered', detail: expect.stringMatching(/^Delivered /) } }),
    ]);
  });
});

describe('an OrderRequest the shop cannot place', () => {
  const refusals: Array<[string, () => Promise<ItemOut[]>, string]> = [
    [
      'a negative unit price',
      async () => [itemOut(1, 1, 4140), itemOut(2, 1, -10_000)],
      PURCHASE_ORDER_MESSAGES.unitPrice(2, -10_000),
    ],
    ['a zero unit price', async () => [itemOut(1, 2, 0)], PURCHASE_ORDER_MESSAGES.unitPrice(1, 0)],
    [
      'an absurd unit price at the largest quantity',
      async () => [itemOut(1, 9999, 999_999_999_999_999)],
      PURCHASE_ORDER_MESSAGES.unitPrice(1, 999_999_999_999_999),
    ],
    ['a quantity above 9,999', async () => [itemOut(3, 10_000, 4140)], PURCHASE_ORDER_MESSAGES.quantity(3)],
    ['a fractional quantity', async () => [itemOut(1, 1.5, 4140)], PURCHASE_ORDER_MESSAGES.quantity(1)],
    ['line number 0', async () => [itemOut(0, 1, 4140)], PURCHASE_ORDER_MESSAGES.lineNumber(1, 0)],
    [
      '1,001 lines, more than one order holds',
      async () => Array.from({ length: MAX_ORDER_LINES + 1 }, (_, index) => itemOut(index + 1, 1, 4140)),
      PURCHASE_ORDER_MESSAGES.tooManyLines(MAX_ORDER_LINES + 1),
    ],
  ];

  it.each(refusals)(
    '%s: a cXML 400 saying which line and why, on every delivery, and nothing stored',
    async (_, lines, reason) => {
      const orderId = `PO-${run}-${randomUUID().slice(0, 8)}`;
      const document = realPageOrderRequest(orderId, await lines());
      for (const delivery of [1, 2]) {
        const answer = await postCxml(document);
        expect({ delivery, status: answer.status, message: answer.cxml.message }).toEqual({
          delivery,
          status: 400,
          message: reason,
        });
      }
      // The order's id is the buyer's orderID's: no order was stored under it.
      expect((await adminOrder(purchaseOrderIdOf(realPage.id, orderId))).status).toBe(404);
    },
  );

  it('a document without a payloadID: a 400, and nothing stored', async () => {
    const orderId = `PO-${run}-${randomUUID().slice(0, 8)}`;
    const document = realPageOrderRequest(orderId, [itemOut(1, 1, 4140)]).replace(/payloadID="[^"]*"/, 'payloadID=""');
    const answer = await postCxml(document);
    expect({ status: answer.status, message: answer.cxml.message }).toEqual({
      status: 400,
      message: PURCHASE_ORDER_MESSAGES.payloadId,
    });
    expect((await adminOrder(purchaseOrderIdOf(realPage.id, orderId))).status).toBe(404);
  });
});

describe('an OrderRequest while the bus refuses its event', () => {
  it("is accepted, a retry answers the same order, and the sweep publishes OrderPlaced: the buyer's and staff's mails arrive", async () => {
    const orderId = `PO-${run}-outbox`;
    const document = orderRequestOf(await submittedCart(), orderId, (line) => line.unitCents);
    await refusePublishing(baseUrl, orderId);
    let answers: Array<Awaited<ReturnType<typeof postCxml>>>;
    try {
      answers = [await postCxml(document), await postCxml(document)];
    } finally {
      await refusePublishing(baseUrl, null);
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const orderNumber = answers[0]!.cxml.message.split(' ').pop()!;
    expect(answers.map((answer) => answer.cxml.message)).toEqual([
      `Accepted as order ${orderNumber}`,
      `Accepted as order ${orderNumber}`,
    ]);

    const sweep = () =>
      localTools(baseUrl, '/schedules/PublishEventOutbox/run', {
        method: 'POST',
        body: JSON.stringify({ time: new Date(Date.now() + OUTBOX_SWEEP_AFTER_MS + 1_000).toISOString() }),
      });
    const aboutOrder = async () => {
      await sweep();
      return (await outbox(baseUrl)).filter((mail) => mail.subject.includes(orderNumber)).map((mail) => mail.to.join());
    };
    expect((await eventually(aboutOrder, (recipients) => recipients.length >= 2, 15_000)).sort()).toEqual(
      [shipTo.email!, env.STAFF_EMAIL!].sort(),
    );
  });
});

describe('partner APIs', () => {
  const basic = (identity: string, secret: string) => ({
    authorization: `Basic ${Buffer.from(`${identity}:${secret}`).toString('base64')}`,
    'content-type': 'application/json',
  });
  const post = async (path: string, headers: Record<string, string>, body: unknown) => {
    const response = await fetch(`${baseUrl}/api/punchout/${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it("answer only the buyer's own account, and a test order creates nothing", async () => {
    const own = basic(realPage.identity, realPageSecret);
    expect(
      (
        await post('price-availability', basic(realPage.identity, 'guess'), {
          skus: ['FW-STD-E02'],
          accountNumber: realPage.accountNumber,
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await post('price-availability', basic(coupa.identity, ''), {
          skus: ['FW-STD-E02'],
          accountNumber: coupa.accountNumber,
        })
      ).status,
    ).toBe(401);
    expect(
      (await post('price-availability', own, { skus: ['FW-STD-E02'], accountNumber: other.accountNumber })).status,
    ).toBe(403);

    const prices = await post('price-availability', own, {
      skus: ['FW-STD-E02', 'NOPE-1'],
      accountNumber: realPage.accountNumber,
    });
    expect(prices).toMatchObject({
      status: 200,
      body: {
        items: [
          { sku: 'FW-STD-E02', available: true, unitPriceCents: expect.any(Number), currency: 'USD' },
          { sku: 'NOPE-1', available: false, unitPriceCents: null },
        ],
      },
    });
    const unitPrice = (prices.body.items as Array<{ unitPriceCents: number }>)[0]!.unitPriceCents / 100;

    const orderNumber = `IT-${run}`;
    const test = await post('order-integration', own, {
      orderNumber,
      accountNumber: realPage.accountNumber,
      items: [{ sku: 'FW-STD-E02', quantity: 2, unitPrice }],
      test: true,
    });
    expect(test).toMatchObject({
      status: 200,
      body: {
        accepted: true,
        test: true,
        shopOrderNumber: null,
        priceDifferences: [],
      } satisfies Partial<OrderIntegrationResponse>,
    });
    expect((await adminOrder(purchaseOrderIdOf(realPage.id, orderNumber))).status).toBe(404);
  });

  it('make an order that is not a test, on invoice, shipped to the address the call carries, once per order number', async () => {
    const own = basic(realPage.identity, realPageSecret);
    const prices = await post('price-availability', own, {
      skus: ['FW-STD-E02'],
      accountNumber: realPage.accountNumber,
    });
    const unitPrice = (prices.body.items as Array<{ unitPriceCents: number }>)[0]!.unitPriceCents / 100;
    const orderNumber = `OI-${run}`;
    const call = {
      orderNumber,
      accountNumber: realPage.accountNumber,
      items: [{ sku: 'FW-STD-E02', quantity: 2, unitPrice }],
    };

    const withoutShipTo = await post('order-integration', own, call);
    expect([withoutShipTo.status, withoutShipTo.body.fieldErrors]).toEqual([
      400,
      { shipTo: ORDER_INTEGRATION_SHIP_TO_MESSAGE },
    ]);

    const shipTo = { address1: '1200 Elm St', address2: 'Unit 4', city: 'Dallas', state: 'tx', zipCode: '75201' };
    const placed = await post('order-integration', own, { ...call, shipTo });
    expect(placed).toMatchObject({
      status: 200,
      body: { accepted: true, test: false, problems: [], shopOrderNumber: expect.any(String) },
    });
    expect((await post('order-integration', own, { ...call, shipTo })).body.shopOrderNumber).toBe(
      placed.body.shopOrderNumber,
    );

    const { order } = await adminOrder(purchaseOrderIdOf(realPage.id, orderNumber));
    expect(order).toMatchObject({
      channel: 'punchout',
      status: 'processing',
      paymentStatus: 'invoice',
      orderNumber: placed.body.shopOrderNumber,
      clientId: realPage.clientId,
      shippingAddress: { address1: '1200 Elm St', address2: 'Unit 4', city: 'Dallas', state: 'TX', zipCode: '75201' },
    });
    expect(order!.history.filter((entry) => entry.event === 'placed')).toHaveLength(1);
  });
});

describe('admin invoice routes', () => {
  it('need a staff sign-in', async () => {
    const customer = await signUpConfirmedCustomer(baseUrl);
    for (const path of [
      '/admin/punchout/invoices',
      `/admin/punchout/invoices/${invoiceNumberOf('HBB-ABCDEF')}/export?format=tsv`,
    ]) {
      expect((await api('GET', path, null)).status).toBe(401);
      expect((await api('GET', path, customer.accessToken)).status).toBe(403);
    }
  });
});
