/**
 * Account invoices against the local stack (issue 28): an order placed on account is invoiced when
 * staff ship it (its PDF, a Stripe invoice in the stand-in with its hosted page), once however often
 * the shipping is handled; paying on the hosted page sends invoice.paid, which marks it paid and frees
 * the credit once however often it is delivered; reminders go on the due date and 7 days after, never
 * for a paid invoice; staff's receivables total it per client.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { shopDateAt, shopInstant } from '#domain/appointments/schedule';
import { addDays } from '#domain/calendar/dates';
import type { CreditAccountView } from '#domain/accounts/payment-terms';
import {
  accountInvoiceIdOf,
  type AccountInvoiceView,
  type MyAccountInvoices,
  type Receivables,
} from '#domain/account-invoices/account-invoice';
import type { AdminOrderDetail, InvoiceLink, TrackedOrder } from '#domain/orders/responses';
import { formatCents } from '#domain/pricing/money';
import { resetConfigCache } from '../../functions/lib/config';
import { issueInvoice } from '../../functions/account-invoices/issue-invoice';
import { orderSnapshotOf } from '../../functions/orders/order-events';
import { readOrder } from '../../functions/orders/order-store';
import type { EventRecord } from '../../infra/local/stripe/objects';
import {
  addToCart,
  api,
  blind,
  myOrder,
  newShopper,
  placement,
  stripeControl,
  stripeEvents,
  type Shopper,
} from '../support/checkout';
import { eventually } from '../support/eventually';
import { localStripe } from '../support/local-stripe';
import { localTools, refusePublishing, sweepOutbox } from '../support/local-tools';
import { mailsFor } from '../support/outbox';
import { pdfPagesText } from '../support/pdf-text';
import { accessTokenFor } from '../support/user-pool';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');

let staff: { accessToken: string };

beforeAll(async () => {
  staff = { accessToken: await accessTokenFor(baseUrl, inject('staffAccount')) };
  // The issuing step runs in this process too (a redelivery), against the stack's table and stand-in.
  Object.assign(process.env, env);
  resetConfigCache();
});

async function clientOnTerms(terms: 'net15' | 'net30'): Promise<Shopper> {
  const shopper = await newShopper(baseUrl, { firstName: 'Avery', lastName: 'Property' });
  const approved = await api(baseUrl, staff, 'PUT', `/admin/clients/${shopper.clientId}/payment-terms`, {
    terms,
    creditLimitCents: 5_000_000,
  });
  expect(approved.status).toBe(200);
  return shopper;
}

/** An order on account with this PO number, shipped by staff: its id, number and total. */
async function shippedOrderOnAccount(shopper: Shopper, poNumber: string) {
  await addToCart(baseUrl, shopper, blind());
  const placed = await api(
    baseUrl,
    shopper,
    'POST',
    '/orders',
    placement(shopper, { paymentMethod: 'account', poNumber }),
  );
  expect(placed.status).toBe(201);
  const order = await myOrder(baseUrl, shopper, placed.body.orderId);
  const shipped = await api(baseUrl, staff, 'POST', `/admin/orders/${order.id}/transitions`, {
    action: 'ship',
    carrier: 'UPS',
    trackingNumber: `1Z${Date.now()}`,
  });
  expect(shipped.status).toBe(200);
  return { id: order.id, orderNumber: order.orderNumber, totalCents: order.totals.totalCents };
}

const myInvoices = async (shopper: Shopper) =>
  (await api<MyAccountInvoices>(baseUrl, shopper, 'GET', '/account/invoices')).body.invoices;

async function openInvoiceOf(shopper: Shopper, invoiceId: string): Promise<AccountInvoiceView> {
  const invoices = await eventually(
    () => myInvoices(shopper),
    (found) => found.some((invoice) => invoice.id === invoiceId && invoice.payUrl !== null),
    20_000,
  );
  return invoices.find((invoice) => invoice.id === invoiceId)!;
}

const stripeInvoiceIdOf = (payUrl: string) => new URL(payUrl).pathname.split('/').pop()!;

const heldCents = async (shopper: Shopper) =>
  (await api<CreditAccountView>(baseUrl, shopper, 'GET', '/account/credit')).body.heldCents;

/** Runs the reminders job on the shop's calendar day `day`, at noon in Dallas. */
async function remindOn(day: string): Promise<string[]> {
  const answer = await localTools(baseUrl, '/schedules/SendInvoiceReminders/run', {
    method: 'POST',
    body: JSON.stringify({ time: shopInstant(day, '12:00').toISOString() }),
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { reminded: string[] }).reminded;
}

describe('an order on account, shipped', () => {
  it('is invoiced once: a Stripe invoice with its hosted page, due its terms after shipping, and a PDF', async () => {
    const shopper = await clientOnTerms('net15');
    const order = await shippedOrderOnAccount(shopper, 'PO-INV-100');
    const invoiceId = accountInvoiceIdOf(order.orderNumber);
    const invoice = await openInvoiceOf(shopper, invoiceId);
    const dueOn = addDays(shopDateAt(new Date()), 15);
    expect(invoice).toMatchObject({
      orderId: order.id,
      orderNumber: order.orderNumber,
      poNumber: 'PO-INV-100',
      terms: 'net15',
      totalCents: order.totalCents,
      dueOn,
      standing: 'open',
      paidAt: null,
    });

    const stripeInvoiceId = stripeInvoiceIdOf(invoice.payUrl!);
    const stripe = localStripe(env);
    const stripeInvoice = await stripe.invoices.retrieve(stripeInvoiceId);
    expect(stripeInvoice).toMatchObject({
      status: 'open',
      collection_method: 'send_invoice',
      amount_due: order.totalCents,
      hosted_invoice_url: invoice.payUrl,
      metadata: { invoiceId, orderId: order.id, clientId: shopper.clientId },
      custom_fields: expect.arrayContaining([{ name: 'PO number', value: 'PO-INV-100' }]),
      payment_settings: { payment_method_types: ['card', 'customer_balance'] },
    });
    expect(shopDateAt(new Date(stripeInvoice.due_date! * 1000))).toBe(dueOn);
    const page = await (await fetch(invoice.payUrl!)).text();
    expect(page).toContain('PO-INV-100');

    // The shipping handled again, twice at once (a redelivery after a lost answer): still one invoice.
    const found = await readOrder(order.id);
    const change = {
      ...orderSnapshotOf(found!.order),
      from: 'processing' as const,
      to: 'shipped' as const,
      paymentStatus: found!.order.paymentStatus,
      shipment: found!.order.shipment,
      changedBy: { kind: 'staff' as const, id: null },
      changedAt: found!.order.shipment!.shippedAt,
      note: '',
    };
    await Promise.all([issueInvoice(change), issueInvoice(change)]);
    const after = await myInvoices(shopper);
    expect(after.filter((listed) => listed.orderId === order.id)).toEqual([invoice]);
    const finalized = await stripeEvents(baseUrl, stripeInvoiceId, 'invoice.finalized');
    expect(finalized).toHaveLength(1);

    const link = await api<InvoiceLink>(baseUrl, shopper, 'GET', `/account/invoices/${invoiceId}/pdf`);
    expect(link.status).toBe(200);
    const pdf = new Uint8Array(await (await fetch(link.body.url)).arrayBuffer());
    const text = (await pdfPagesText(pdf)).flat().join('\n');
    for (const expected of ['INVOICE', invoiceId, order.orderNumber, 'PO number', 'PO-INV-100', 'Net 15', 'Due date'])
      expect(text).toContain(expected);

    const stranger = await newShopper(baseUrl);
    expect((await api(baseUrl, stranger, 'GET', `/account/invoices/${invoiceId}/pdf`)).status).toBe(404);
    expect(await myInvoices(stranger)).toEqual([]);
  });
});

describe('an invoice whose issuing stopped halfway', () => {
  it('is finished by the redelivered shipping: one Stripe invoice, open, payable', async () => {
    const shopper = await clientOnTerms('net30');
    await addToCart(baseUrl, shopper, blind());
    const placed = await api(
      baseUrl,
      shopper,
      'POST',
      '/orders',
      placement(shopper, { paymentMethod: 'account', poNumber: 'PO-RESUME-9' }),
    );
    const orderId: string = placed.body.orderId;
    const invoiceId = accountInvoiceIdOf((await myOrder(baseUrl, shopper, orderId)).orderNumber);
    // The shipping's event stays in the outbox: the bus refuses it for now.
    await refusePublishing(baseUrl, orderId);
    try {
      const shipped = await api(baseUrl, staff, 'POST', `/admin/orders/${orderId}/transitions`, {
        action: 'ship',
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
      });
      expect(shipped.status).toBe(200);
      const found = (await readOrder(orderId))!;
      const change = {
        ...orderSnapshotOf(found.order),
        from: 'processing' as const,
        to: 'shipped' as const,
        paymentStatus: found.order.paymentStatus,
        shipment: found.order.shipment,
        changedBy: { kind: 'staff' as const, id: null },
        changedAt: found.order.shipment!.shippedAt,
        note: '',
      };
      // A first attempt that Stripe refuses (a wrong key) after the invoice was put and its PDF stored.
      process.env.STRIPE_SECRET_KEY = 'sk_test_local_revoked';
      resetConfigCache();
      await expect(issueInvoice(change)).rejects.toThrow();
    } finally {
      Object.assign(process.env, env);
      resetConfigCache();
      await refusePublishing(baseUrl, null);
    }
    const halfway = (await myInvoices(shopper)).find((invoice) => invoice.id === invoiceId);
    expect(halfway, 'listed while being issued, with nothing to pay yet').toMatchObject({
      standing: 'open',
      payUrl: null,
    });

    await sweepOutbox(baseUrl);
    const invoice = await openInvoiceOf(shopper, invoiceId);
    const stripeInvoiceId = stripeInvoiceIdOf(invoice.payUrl!);
    expect(await localStripe(env).invoices.retrieve(stripeInvoiceId)).toMatchObject({
      status: 'open',
      metadata: { invoiceId },
    });
    expect(await stripeEvents(baseUrl, stripeInvoiceId, 'invoice.finalized')).toHaveLength(1);
    expect((await myInvoices(shopper)).filter((listed) => listed.orderId === orderId)).toHaveLength(1);
  });
});

describe('paying an account invoice', () => {
  it("marks it paid and frees its credit once, however often invoice.paid comes; reminders skip it, staff's totals say it", async () => {
    const shopper = await clientOnTerms('net30');
    const paidOrder = await shippedOrderOnAccount(shopper, 'PO-PAID-1');
    const openOrder = await shippedOrderOnAccount(shopper, 'PO-OPEN-2');
    const paidId = accountInvoiceIdOf(paidOrder.orderNumber);
    const openId = accountInvoiceIdOf(openOrder.orderNumber);
    const toPay = await openInvoiceOf(shopper, paidId);
    await openInvoiceOf(shopper, openId);
    expect(await heldCents(shopper)).toBe(paidOrder.totalCents + openOrder.totalCents);

    // The client pays on the hosted page by bank transfer.
    const paid = await fetch(toPay.payUrl!, {
      method: 'POST',
      body: 'method=bank_transfer',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const invoices = await eventually(
      () => myInvoices(shopper),
      (found) => found.find((invoice) => invoice.id === paidId)?.standing === 'paid',
      20_000,
    );
    expect(invoices.find((invoice) => invoice.id === paidId)).toMatchObject({ standing: 'paid', payUrl: null });
    expect(
      await eventually(
        () => heldCents(shopper),
        (held) => held === openOrder.totalCents,
        10_000,
      ),
    ).toBe(openOrder.totalCents);

    // invoice.paid delivered three times more, at once: nothing changes.
    const [record] = await stripeEvents(baseUrl, stripeInvoiceIdOf(toPay.payUrl!), 'invoice.paid');
    const again = await stripeControl(baseUrl, `/events/${record!.event.id}/deliver`, { times: 3 });
    expect(again.body.attempts.map((attempt: EventRecord['deliveries'][number]) => attempt.response?.status)).toEqual([
      200, 200, 200,
    ]);
    expect(await heldCents(shopper)).toBe(openOrder.totalCents);
    expect((await myInvoices(shopper)).find((invoice) => invoice.id === paidId)?.standing).toBe('paid');

    // The order says its invoice is paid, alike in My Account, for staff and on tracking; once.
    expect(await myOrder(baseUrl, shopper, paidOrder.id)).toMatchObject({
      channel: 'account',
      paymentStatus: 'invoicePaid',
    });
    expect((await myOrder(baseUrl, shopper, openOrder.id)).paymentStatus).toBe('invoice');
    const forStaff = await api<AdminOrderDetail>(baseUrl, staff, 'GET', `/admin/orders/${paidOrder.id}`);
    expect(forStaff.body.paymentStatus).toBe('invoicePaid');
    expect(forStaff.body.history.filter((entry) => entry.event === 'invoicePaid')).toEqual([
      expect.objectContaining({ paymentStatus: 'invoicePaid', note: `Invoice ${paidId} paid` }),
    ]);
    const tracked = await api<TrackedOrder>(
      baseUrl,
      null,
      'GET',
      `/track-order?orderNumber=${paidOrder.orderNumber}&email=${encodeURIComponent(shopper.email)}`,
    );
    expect(tracked.body.paymentStatus).toBe('invoicePaid');

    // Reminders: on the due date and 7 days after, once each, for the open invoice only.
    const dueOn = addDays(shopDateAt(new Date()), 30);
    expect(await remindOn(addDays(dueOn, -1))).not.toContain(openId);
    const onDueDate = await remindOn(dueOn);
    expect(onDueDate).toContain(openId);
    expect(onDueDate).not.toContain(paidId);
    expect(await remindOn(dueOn), 'a second run on the same day sends nothing again').not.toContain(openId);
    expect(await remindOn(addDays(dueOn, 7))).toContain(openId);
    expect(await remindOn(addDays(dueOn, 8))).not.toContain(openId);
    const reminders = await eventually(
      async () => (await mailsFor(baseUrl, shopper.email)).filter((mail) => mail.subject.includes('nvoice INV-')),
      (found) => found.length >= 2,
      15_000,
    );
    expect(reminders.map((mail) => mail.subject).sort()).toEqual(
      [
        `Invoice ${openId} for ${formatCents(openOrder.totalCents)} is due today`,
        `Reminder: invoice ${openId} for ${formatCents(openOrder.totalCents)} is 7 days overdue`,
      ].sort(),
    );
    expect(reminders[0]!.text).toContain('PO-OPEN-2');

    // Staff's receivables: this client with one open and one paid invoice, and their totals.
    const receivables = await api<Receivables>(baseUrl, staff, 'GET', '/admin/receivables');
    expect(receivables.status).toBe(200);
    const client = receivables.body.clients.find((entry) => entry.clientId === shopper.clientId)!;
    expect(client.totals).toEqual({
      open: { count: 1, totalCents: openOrder.totalCents },
      overdue: { count: 0, totalCents: 0 },
      paid: { count: 1, totalCents: paidOrder.totalCents },
    });
    expect(client.invoices.map((invoice) => [invoice.id, invoice.standing, invoice.poNumber])).toEqual([
      [openId, 'open', 'PO-OPEN-2'],
      [paidId, 'paid', 'PO-PAID-1'],
    ]);
    expect(receivables.body.totals.paid.totalCents).toBeGreaterThanOrEqual(paidOrder.totalCents);
    expect(receivables.body.paidSince).toBe(addDays(receivables.body.asOf, -89));
    const lastMonth = await api<Receivables>(baseUrl, staff, 'GET', '/admin/receivables?paidWithinDays=30');
    expect(lastMonth.body.clients.find((entry) => entry.clientId === shopper.clientId)!.totals).toEqual(client.totals);
    expect(await api(baseUrl, staff, 'GET', '/admin/receivables?paidWithinDays=7')).toEqual({
      status: 400,
      body: expect.objectContaining({ fieldErrors: { paidWithinDays: 'Please choose 30, 90 or 365 days.' } }),
    });
    expect((await api(baseUrl, shopper, 'GET', '/admin/receivables')).status).toBe(403);
    const staffPdf = await api<InvoiceLink>(baseUrl, staff, 'GET', `/admin/receivables/${paidId}/pdf`);
    expect(staffPdf.status).toBe(200);
  });
});
