/**
 * Punch-out orders through the local stack (domain/punchout/README.md, decision 0018): a buyer's
 * OrderRequest makes one order however often it is delivered, its lines are the submitted blinds
 * with their prices checked, and shipping it makes one invoice, exported three ways and delivered to
 * the buyer's invoice address with retries; the invoice routes are staff's.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AdminOrderDetail } from '#domain/orders/responses';
import { MAX_ORDER_LINES } from '#domain/checkout/totals';
import type { PunchoutConfiguration } from '#domain/punchout/configuration';
import { cxmlResponse } from '#domain/punchout/cxml/index';
import { INVOICE_TSV_COLUMNS, invoiceNumberOf, type InvoicesPage } from '#domain/punchout/invoice';
import { purchaseOrderIdOf } from '../../functions/orders/purchase-orders';
import { signUpConfirmedCustomer } from '../support/customer';
import { cxmlDtdErrors } from '../support/cxml-dtd';
import { eventually } from '../support/eventually';
import { outbox } from '../support/outbox';
import { CXML_BUYERS_DIR } from '../support/shared-files';
import { api, postCxml, purchaseOrderRun } from './purchase-order-buyers';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');
const { run, coupaSecret, shipTo, configure, setUp, adminOrder, submittedCart, orderRequestOf } = purchaseOrderRun();

let staffToken: string;
let coupa: PunchoutConfiguration;
let realPage: PunchoutConfiguration;

/** The buyer's invoice address: refuses the first delivery, accepts the next, and keeps what it got. */
const received: string[] = [];
let receiver: Server;

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
  [{ staffToken, realPage }, coupa] = await Promise.all([
    setUp({ invoiceUrl }),
    configure({ identity: `dell-${run}`, sharedSecret: coupaSecret, buyerSystem: 'Coupa' }),
  ]);
});

afterAll(() => new Promise<void>((done) => receiver.close(() => done())));

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
