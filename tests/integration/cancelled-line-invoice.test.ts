/**
 * A line staff cancelled on an order on account, against the local stack (issue 29, decision 0076's
 * follow-up): the credit the line held goes back to the client's account once, and the invoice
 * issued when the order ships bills only the lines left, with their tax and the shipping: its
 * record, the Stripe invoice and the PDF say the same total.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { CreditAccountView } from '#domain/accounts/payment-terms';
import { accountInvoiceIdOf, type MyAccountInvoices } from '#domain/account-invoices/account-invoice';
import { lineRefundCents } from '#domain/orders/line-status';
import type { AdminOrderDetail, InvoiceLink } from '#domain/orders/responses';
import { formatCents } from '#domain/pricing/money';
import { releaseCreditHold, releaseLineCredit } from '../../functions/accounts/credit-store';
import { resetConfigCache } from '../../functions/lib/config';
import { addToCart, api, blind, myOrder, newShopper, placement, type Shopper } from '../support/checkout';
import { eventually } from '../support/eventually';
import { localStripe } from '../support/local-stripe';
import { pdfPagesText } from '../support/pdf-text';
import { accessTokenFor } from '../support/user-pool';

const baseUrl = inject('baseUrl');
const env = inject('localEnv');

let staff: { accessToken: string };

beforeAll(async () => {
  staff = { accessToken: await accessTokenFor(baseUrl, inject('staffAccount')) };
  // A redelivered release runs in this process too, against the stack's table.
  Object.assign(process.env, env);
  resetConfigCache();
});

const heldCents = async (shopper: Shopper) =>
  (await api<CreditAccountView>(baseUrl, shopper, 'GET', '/account/credit')).body.heldCents;

describe('an order on account with a line cancelled by staff, shipped', () => {
  it('frees the line’s credit once and invoices only the line left, with its tax and the shipping', async () => {
    const shopper = await newShopper(baseUrl, { firstName: 'Robin', lastName: 'Property' });
    const approved = await api(baseUrl, staff, 'PUT', `/admin/clients/${shopper.clientId}/payment-terms`, {
      terms: 'net30',
      creditLimitCents: 5_000_000,
    });
    expect(approved.status).toBe(200);
    await addToCart(baseUrl, shopper, blind());
    await addToCart(baseUrl, shopper, blind({ width: { inches: 47, eighths: 0 } }));
    const placed = await api(
      baseUrl,
      shopper,
      'POST',
      '/orders',
      placement(shopper, { paymentMethod: 'account', poNumber: 'PO-LINE-5' }),
    );
    expect(placed.status).toBe(201);
    const order = await myOrder(baseUrl, shopper, placed.body.orderId);
    const [kept, dropped] = order.lines as [(typeof order.lines)[0], (typeof order.lines)[0]];
    expect(await heldCents(shopper)).toBe(order.totals.totalCents);

    const share = lineRefundCents(order, dropped.position);
    const cancelled = await api<AdminOrderDetail>(
      baseUrl,
      staff,
      'POST',
      `/admin/orders/${order.id}/lines/${dropped.position}/transitions`,
      { action: 'cancelLine', note: 'Window bricked up' },
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.lines[1]).toMatchObject({ status: 'cancelled', refundedCents: share });

    // The line's credit goes back once: its consumer, then two more releases of it at once (a redelivery).
    const stillHeld = order.totals.totalCents - share;
    expect(
      await eventually(
        () => heldCents(shopper),
        (held) => held === stillHeld,
        10_000,
      ),
    ).toBe(stillHeld);
    const again = await Promise.all(
      [1, 2].map(() => releaseLineCredit(shopper.clientId, order.id, dropped.position, share)),
    );
    expect(again).toEqual([false, false]);
    expect(await heldCents(shopper)).toBe(stillHeld);

    const shipped = await api(baseUrl, staff, 'POST', `/admin/orders/${order.id}/transitions`, {
      action: 'ship',
      carrier: 'UPS',
      trackingNumber: `1Z${Date.now()}`,
    });
    expect(shipped.status).toBe(200);
    const invoiceId = accountInvoiceIdOf(order.orderNumber);
    const invoices = await eventually(
      async () => (await api<MyAccountInvoices>(baseUrl, shopper, 'GET', '/account/invoices')).body.invoices,
      (found) => found.some((invoice) => invoice.id === invoiceId && invoice.payUrl !== null),
      20_000,
    );
    const invoice = invoices.find((listed) => listed.id === invoiceId)!;

    // What is billed: the line kept, the tax on it (the order's tax less the cancelled line's), the shipping.
    const droppedTax = share - dropped.lineCents;
    const keptTax = order.totals.taxCents - droppedTax;
    expect(Math.abs(keptTax - Math.round((kept.lineCents * 8) / 100))).toBeLessThanOrEqual(1);
    const billed = kept.lineCents + keptTax + order.totals.shippingCents;
    expect(order.totals.discountCents).toBe(0);
    expect(order.totals.installationCents + order.totals.sampleShippingCents).toBe(0);
    expect(invoice.totalCents).toBe(billed);
    expect(invoice.totalCents).toBe(order.totals.totalCents - share);
    const stripeInvoice = await localStripe(env).invoices.retrieve(new URL(invoice.payUrl!).pathname.split('/').pop()!);
    expect(stripeInvoice.amount_due).toBe(billed);

    const link = await api<InvoiceLink>(baseUrl, shopper, 'GET', `/account/invoices/${invoiceId}/pdf`);
    expect(link.status).toBe(200);
    const text = (await pdfPagesText(new Uint8Array(await (await fetch(link.body.url)).arrayBuffer()))).flat();
    const amountAfter = (label: string) => text[text.lastIndexOf(label) + 1];
    expect(amountAfter('Subtotal')).toBe(formatCents(kept.lineCents));
    expect(amountAfter('Tax (8%)')).toBe(formatCents(keptTax));
    expect(amountAfter('Shipping')).toBe(formatCents(order.totals.shippingCents));
    expect(amountAfter('Total')).toBe(formatCents(billed));
    // The lines printed: the kept one's size, not the cancelled one's.
    const sizeOf = (line: typeof kept) => line.description.find((detail) => /^Size/i.test(detail));
    expect(text).toContain(sizeOf(kept));
    expect(text).not.toContain(sizeOf(dropped));
  });

  it('gives the credit back exactly once when a line’s release and the whole order’s release race', async () => {
    const shopper = await newShopper(baseUrl);
    const approved = await api(baseUrl, staff, 'PUT', `/admin/clients/${shopper.clientId}/payment-terms`, {
      terms: 'net15',
      creditLimitCents: 5_000_000,
    });
    expect(approved.status).toBe(200);
    await addToCart(baseUrl, shopper, blind());
    await addToCart(baseUrl, shopper, blind({ width: { inches: 47, eighths: 0 } }));
    const placed = await api(
      baseUrl,
      shopper,
      'POST',
      '/orders',
      placement(shopper, { paymentMethod: 'account', poNumber: 'PO-RACE-1' }),
    );
    expect(placed.status).toBe(201);
    const order = await myOrder(baseUrl, shopper, placed.body.orderId);
    expect(await heldCents(shopper)).toBe(order.totals.totalCents);
    // The line's release (its cancel's consumer) and the order's (its invoice paid, or its cancel) at once, each twice.
    const share = lineRefundCents(order, 2);
    await Promise.all([
      releaseLineCredit(shopper.clientId, order.id, 2, share),
      releaseCreditHold(shopper.clientId, order.id),
      releaseLineCredit(shopper.clientId, order.id, 2, share),
      releaseCreditHold(shopper.clientId, order.id),
    ]);
    expect(await heldCents(shopper)).toBe(0);
  });
});
