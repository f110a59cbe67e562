import { describe, expect, it } from 'vitest';
import { EXAMPLE_BUSINESS } from '../../tests/support/business';
import { shopSeller } from '../orders/invoice';
import {
  ACCOUNT_INVOICE_LIFECYCLE,
  accountInvoiceDocument,
  accountInvoiceView,
  dueInstant,
  dueOnFor,
  isOverdue,
  nextReminderOn,
  receivablesOf,
  receivablesPaidSince,
  reminderDue,
  type AccountInvoice,
  type InvoicedOrder,
} from './account-invoice';
import { withoutCancelledLines } from '../orders/cancelled-lines';

function invoice(overrides: Partial<AccountInvoice> = {}): AccountInvoice {
  return {
    id: 'INV-7K2M9Q',
    orderId: 'order-1',
    orderNumber: 'HBB-7K2M9Q',
    clientId: 'client-1',
    customer: { name: 'Acme Property Group', email: 'ap@acme.example' },
    poNumber: 'PO-7731',
    terms: 'net30',
    totalCents: 50_000,
    shippedOn: '2026-03-05',
    dueOn: '2026-04-04',
    issuedAt: '2026-03-05T18:00:00.000Z',
    status: 'open',
    stripeCustomerId: 'cus_1',
    stripeInvoiceId: 'in_1',
    stripeInvoiceNumber: 'ABCD1234-0001',
    hostedInvoiceUrl: 'https://invoice.stripe.com/i/in_1',
    pdfKey: 'account-invoices/INV-7K2M9Q.pdf',
    paidAt: null,
    remindersSent: 0,
    ...overrides,
  };
}

describe('due date', () => {
  it("is the shipping day in the shop's calendar plus the terms' days", () => {
    expect(dueOnFor(new Date('2026-03-05T18:00:00Z'), 'net30')).toBe('2026-04-04');
    expect(dueOnFor(new Date('2026-03-05T18:00:00Z'), 'net15')).toBe('2026-03-20');
    // 9 pm in Dallas on March 5 is March 6 in UTC: still shipped on the 5th.
    expect(dueOnFor(new Date('2026-03-06T03:00:00Z'), 'net15')).toBe('2026-03-20');
    // Across a month's end and a leap day.
    expect(dueOnFor(new Date('2028-02-14T18:00:00Z'), 'net15')).toBe('2028-02-29');
  });

  it("tells Stripe the end of the due day in the shop's time zone", () => {
    // CDT is UTC-5: 23:59:59 in Dallas on April 4 is 04:59:59 UTC on April 5.
    expect(dueInstant('2026-04-04').toISOString()).toBe('2026-04-05T04:59:59.000Z');
    // CST is UTC-6.
    expect(dueInstant('2026-01-10').toISOString()).toBe('2026-01-11T05:59:59.000Z');
  });

  it('is overdue only the day after, and never once paid', () => {
    expect(isOverdue(invoice(), '2026-04-04')).toBe(false);
    expect(isOverdue(invoice(), '2026-04-05')).toBe(true);
    expect(isOverdue(invoice({ status: 'paid' }), '2026-05-01')).toBe(false);
  });
});

describe('reminders', () => {
  it('go on the due date and 7 days after, while unpaid', () => {
    expect(nextReminderOn(invoice())).toBe('2026-04-04');
    expect(nextReminderOn(invoice({ remindersSent: 1 }))).toBe('2026-04-11');
    expect(nextReminderOn(invoice({ remindersSent: 2 }))).toBeNull();
    expect(nextReminderOn(invoice({ status: 'paid' }))).toBeNull();

    expect(reminderDue(invoice(), '2026-04-03')).toBeNull();
    expect(reminderDue(invoice(), '2026-04-04')).toEqual({ remindersSent: 1, overdueDays: 0 });
    expect(reminderDue(invoice({ remindersSent: 1 }), '2026-04-10')).toBeNull();
    expect(reminderDue(invoice({ remindersSent: 1 }), '2026-04-11')).toEqual({ remindersSent: 2, overdueDays: 7 });
    expect(reminderDue(invoice({ remindersSent: 2 }), '2026-06-01')).toBeNull();
  });

  it('are not sent for a paid invoice', () => {
    expect(reminderDue(invoice({ status: 'paid' }), '2026-04-04')).toBeNull();
    expect(reminderDue(invoice({ status: 'paid' }), '2026-04-11')).toBeNull();
  });

  it('send one, the latest, when several fell due while none went (never two at once)', () => {
    expect(reminderDue(invoice(), '2026-04-20')).toEqual({ remindersSent: 2, overdueDays: 16 });
  });
});

describe('lifecycle', () => {
  it('issues once and is paid once, from issuing or open', () => {
    expect(ACCOUNT_INVOICE_LIFECYCLE.can('issuing', 'issue')).toBe(true);
    expect(ACCOUNT_INVOICE_LIFECYCLE.can('open', 'issue')).toBe(false);
    expect(ACCOUNT_INVOICE_LIFECYCLE.can('open', 'pay')).toBe(true);
    expect(ACCOUNT_INVOICE_LIFECYCLE.can('issuing', 'pay')).toBe(true);
    expect(ACCOUNT_INVOICE_LIFECYCLE.can('paid', 'pay')).toBe(false);
  });
});

describe('views and receivables', () => {
  it('link the hosted page only while the invoice can be paid there', () => {
    expect(accountInvoiceView(invoice(), '2026-03-10')).toMatchObject({
      standing: 'open',
      payUrl: 'https://invoice.stripe.com/i/in_1',
    });
    expect(accountInvoiceView(invoice(), '2026-04-05').standing).toBe('overdue');
    expect(
      accountInvoiceView(invoice({ status: 'paid', paidAt: '2026-03-20T10:00:00.000Z' }), '2026-04-05'),
    ).toMatchObject({
      standing: 'paid',
      payUrl: null,
    });
    expect(accountInvoiceView(invoice({ status: 'issuing', hostedInvoiceUrl: null }), '2026-03-10').payUrl).toBeNull();
  });

  it('total open, overdue and paid invoices per client and for the shop, clients owing overdue money first', () => {
    const receivables = receivablesOf(
      [
        invoice({ id: 'INV-AAAAAA', totalCents: 10_000, dueOn: '2026-04-20' }),
        invoice({ id: 'INV-BBBBBB', totalCents: 20_000, dueOn: '2026-04-01' }),
        invoice({ id: 'INV-CCCCCC', totalCents: 30_000, status: 'paid', paidAt: '2026-03-30T10:00:00.000Z' }),
        // Paid before the period asked: not listed, not totalled.
        invoice({ id: 'INV-EEEEEE', totalCents: 50_000, status: 'paid', paidAt: '2026-01-05T10:00:00.000Z' }),
        invoice({
          id: 'INV-DDDDDD',
          clientId: 'client-2',
          customer: { name: 'Bayside Rentals', email: 'pay@bayside.example' },
          totalCents: 40_000,
          dueOn: '2026-03-31',
        }),
      ],
      '2026-04-05',
      receivablesPaidSince('2026-04-05', '30'),
    );
    expect(receivables.paidSince).toBe('2026-03-07');
    expect(receivables.totals).toEqual({
      open: { count: 1, totalCents: 10_000 },
      overdue: { count: 2, totalCents: 60_000 },
      paid: { count: 1, totalCents: 30_000 },
    });
    expect(receivables.clients.map((client) => [client.name, client.totals.overdue.totalCents])).toEqual([
      ['Bayside Rentals', 40_000],
      ['Acme Property Group', 20_000],
    ]);
    // Unpaid first, soonest due first; then paid.
    expect(receivables.clients[1]!.invoices.map((view) => [view.id, view.standing])).toEqual([
      ['INV-BBBBBB', 'overdue'],
      ['INV-AAAAAA', 'open'],
      ['INV-CCCCCC', 'paid'],
    ]);
  });
});

describe('the printed invoice', () => {
  it('says INVOICE with its due date, terms and PO number', () => {
    const document = accountInvoiceDocument(
      invoice({ terms: 'net15', dueOn: '2026-03-20' }),
      {
        orderNumber: 'HBB-7K2M9Q',
        customer: { name: 'Acme Property Group', email: 'ap@acme.example', phone: '214-555-0100' },
        shippingAddress: { address1: '1200 Elm St', address2: '', city: 'Dallas', state: 'TX', zipCode: '75201' },
        billingAddress: { address1: '99 Billing Rd', address2: '', city: 'Plano', state: 'TX', zipCode: '75024' },
        lines: [],
        samples: [],
        totals: {
          blindCount: 0,
          subtotalCents: 50_000,
          discountCents: 0,
          discounts: [],
          taxCents: 0,
          shippingCents: 0,
          sampleShippingCents: 0,
          installationCents: 0,
          totalCents: 50_000,
        },
      },
      shopSeller(EXAMPLE_BUSINESS),
    );
    expect(document.title).toBe('INVOICE');
    expect(document.references).toEqual(
      expect.arrayContaining([
        { label: 'PO number', value: 'PO-7731' },
        { label: 'Terms', value: 'Net 15' },
        { label: 'Due date', value: 'March 20, 2026' },
      ]),
    );
    expect(document.closing.heading).toBe('Payment due by Friday, March 20, 2026');
  });

  it("leaves a cancelled line out of the invoice's lines and amounts, keeping shipping", () => {
    const blind = (position: number, status?: 'cancelled') =>
      ({
        position,
        family: 'faux-wood-blinds',
        title: `Blind ${position}`,
        description: [],
        quantity: 1,
        unitCents: 10_000,
        lineCents: 10_000,
        ...(status ? { status } : {}),
      }) as unknown as InvoicedOrder['lines'][number];
    const billed = withoutCancelledLines<InvoicedOrder>({
      orderNumber: 'HBB-7K2M9Q',
      customer: { name: 'Acme Property Group', email: 'ap@acme.example', phone: '214-555-0100' },
      shippingAddress: { address1: '1200 Elm St', address2: '', city: 'Dallas', state: 'TX', zipCode: '75201' },
      billingAddress: { address1: '99 Billing Rd', address2: '', city: 'Plano', state: 'TX', zipCode: '75024' },
      lines: [blind(1), blind(2, 'cancelled')],
      samples: [],
      totals: {
        blindCount: 2,
        subtotalCents: 20_000,
        discountCents: 0,
        discounts: [],
        taxCents: 1_600,
        shippingCents: 1_500,
        sampleShippingCents: 0,
        installationCents: 0,
        totalCents: 23_100,
      },
    });
    expect(billed.lines.map((line) => line.position)).toEqual([1]);
    const document = accountInvoiceDocument(
      invoice({ terms: 'net30', dueOn: '2026-03-20' }),
      billed,
      shopSeller(EXAMPLE_BUSINESS),
    );
    expect(document.amounts.map((row) => [row.label, row.cents])).toEqual([
      ['Subtotal', 10_000],
      ['Tax (8%)', 800],
      ['Shipping', 1_500],
      ['Total', 12_300],
    ]);
  });
});
