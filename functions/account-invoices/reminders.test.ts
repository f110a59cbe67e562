import { describe, expect, it } from 'vitest';
import type { AccountInvoice } from '#domain/account-invoices/account-invoice';
import { reminderMail } from './reminders';

const invoice: AccountInvoice = {
  id: 'INV-7K2M9Q',
  orderId: 'order-1',
  orderNumber: 'HBB-7K2M9Q',
  clientId: 'client-1',
  customer: { name: 'Zoë <Acme> & Co', email: 'ap@acme.example' },
  poNumber: 'PO-7731',
  terms: 'net30',
  totalCents: 123_456,
  shippedOn: '2026-03-05',
  dueOn: '2026-04-04',
  issuedAt: '2026-03-05T18:00:00.000Z',
  status: 'open',
  stripeCustomerId: 'cus_1',
  stripeInvoiceId: 'in_1',
  stripeInvoiceNumber: 'ABCD1234-0001',
  hostedInvoiceUrl: 'https://invoice.stripe.com/i/acct_1/test_1',
  pdfKey: 'account-invoices/INV-7K2M9Q.pdf',
  paidAt: null,
  remindersSent: 0,
};
const settings = { siteUrl: 'https://shop.example', staffEmail: 'staff@shop.example' };

describe('the invoice reminder mail', () => {
  it('on the due date: what is due today, the PO, the link to pay and My Account', () => {
    const mail = reminderMail(invoice, 0, settings);
    expect(mail.to).toEqual(['ap@acme.example']);
    expect(mail.subject).toBe('Invoice INV-7K2M9Q for $1,234.56 is due today');
    expect(mail.text).toContain('(PO PO-7731) is due today, Saturday, April 4, 2026.');
    expect(mail.text).toContain('Pay by card or bank transfer: https://invoice.stripe.com/i/acct_1/test_1');
    expect(mail.text).toContain('https://shop.example/account/settings');
    expect(mail.html).toContain('Zoë &lt;Acme&gt; &amp; Co');
    expect(mail.html).not.toContain('<Acme>');
  });

  it('7 days after: how long it is overdue and since when', () => {
    const mail = reminderMail(invoice, 7, settings);
    expect(mail.subject).toBe('Reminder: invoice INV-7K2M9Q for $1,234.56 is 7 days overdue');
    expect(mail.text).toContain('was due on Saturday, April 4, 2026 and is still unpaid.');
  });
});
