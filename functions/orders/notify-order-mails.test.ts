import { describe, expect, it } from 'vitest';
import { FIT_CONFIRMED_NOTE } from '#domain/properties/fit-check';
import { paidOrderDetail } from '../../tests/support/paid-order';
import {
  accountOrderConfirmationMail,
  accountOrderStaffMail,
  orderConfirmationMail,
  paidOrderStaffMail,
  type PlacedAccountOrder,
} from './notify-order-mails';

const SITE = 'https://shop.example.com/';
const STAFF = 'staff@example.com';

describe("the customer's order confirmation", () => {
  const order = paidOrderDetail();
  const mail = orderConfirmationMail(order, SITE);

  it('goes to the e-mail given at checkout, named by the order number', () => {
    expect(mail.to).toEqual([order.customer.email]);
    expect(mail.subject).toBe(`Order confirmed: ${order.orderNumber}`);
  });

  it('spells out every line with its options and room, the samples, and every amount', () => {
    for (const expected of [
      `Order number: ${order.orderNumber}`,
      '- 2 x Faux Wood Blinds: Standard at $41.40: $82.80',
      '    Mount: Inside mount',
      '    Room: Living Room',
      `- 1 x ${order.lines[1]!.title} at $120.00: $120.00`,
      '- Free sample: Roller Shades: $0.00',
      'Subtotal: $202.80\nTax (8%): $16.22\nShipping: $0.00\nSample shipping: $15.00\nProfessional installation: $150.00\nTotal: $384.02',
      'We received your payment of $384.02 on March 5, 2026.',
    ]) {
      expect(mail.text).toContain(expected);
    }
  });

  it('gives the shipping and billing addresses and what happens next with the timings', () => {
    expect(mail.text).toContain('SHIPPING ADDRESS\n\nAna Lopez\n1200 Elm St\nApt 4\nDallas, TX 75201');
    expect(mail.text).toContain('BILLING ADDRESS\n\nAna Lopez\n99 Billing Rd\nPlano, TX 75024');
    expect(mail.text).toContain('7-10 business days');
    expect(mail.text).toContain('free local delivery in Dallas-Fort Worth');
    expect(mail.text).toContain('Samples: processing begins 3-7 business days after payment');
    expect(mail.text).toContain('Track your order: https://shop.example.com/track-order');
  });

  it('states the date promised at placement, and none for an order placed before there were dates', () => {
    expect(mail.text).toContain('Delivered by Wednesday, March 25, 2026 (ships by Friday, March 20, 2026).');
    expect(orderConfirmationMail(paidOrderDetail({ estimate: null }), SITE).text).not.toContain('Delivered by');
  });

  it('says the same in HTML, with what the customer typed escaped', () => {
    const typed = paidOrderDetail({
      customer: { name: 'Ana <script>alert(1)</script>', email: 'ana@example.com', phone: '' },
      shippingAddress: { address1: '1 "Quoted" & Co', address2: '', city: 'Dallas', state: 'TX', zipCode: '75201' },
    });
    const html = orderConfirmationMail(typed, SITE).html;
    expect(html).not.toContain('<script>');
    expect(html).toContain('Ana &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('1 &quot;Quoted&quot; &amp; Co');
    expect(html).toContain('Room: Living Room');
    expect(html).toContain('$384.02');
    expect(html).toMatch(/<a href="https:\/\/shop.example.com\/account"[^>]*>My Account<\/a>/);
  });
});

describe("staff's notice of a paid order", () => {
  const order = paidOrderDetail({ notes: 'Gate code 1234' });
  const manageUrl = 'https://shop.example.com/installations/manage?token=t0k3n';
  const mail = paidOrderStaffMail(order, SITE, STAFF, {
    visit: { status: 'scheduled', date: '2027-03-09', window: '8:00 AM - 12:00 PM' },
    manageUrl,
  });

  it('tells who bought what for how much, and replying reaches the customer', () => {
    expect(mail.to).toEqual([STAFF]);
    expect(mail.replyTo).toEqual([order.customer.email]);
    expect(mail.subject).toBe(`Paid order ${order.orderNumber}: $384.02 from Ana Lopez`);
    for (const expected of [
      '3 blinds, 1 sample, installation, $384.02',
      `Customer: Ana Lopez <${order.customer.email}>`,
      'Phone: 214-555-0100',
      'Professional installation: booked for Tuesday, March 9, 2027, 8:00 AM - 12:00 PM (Central time)',
      'Sample request: SR-7K2M9Q',
      'Notes: Gate code 1234',
      '- 2 x Faux Wood Blinds: Standard at $41.40: $82.80',
      'Open the Orders tab: https://shop.example.com/admin',
    ]) {
      expect(mail.text).toContain(expected);
    }
  });

  it('says the installation is not booked yet, with the link the customer got, until they choose a date', () => {
    const unbooked = paidOrderStaffMail(order, SITE, STAFF, {
      visit: { status: 'unscheduled', date: null, window: null },
      manageUrl,
    });
    expect(unbooked.text).toContain(
      `Professional installation: not booked yet (the customer chooses a date with ${manageUrl})`,
    );
    expect(unbooked.text).not.toContain('schedule the crew');
    expect(paidOrderStaffMail({ ...order, installation: false }, SITE, STAFF).text).toContain(
      'Professional installation: no',
    );
  });
});

describe('a line the customer confirmed at the measure check', () => {
  const base = paidOrderDetail();
  const order = paidOrderDetail({
    lines: base.lines.map((line, index) => (index === 0 ? { ...line, note: FIT_CONFIRMED_NOTE } : line)),
  });

  it("carries its note in staff's mail only", () => {
    expect(paidOrderStaffMail(order, SITE, STAFF).text).toContain(`    Note: ${FIT_CONFIRMED_NOTE}`);
    expect(orderConfirmationMail(order, SITE).text).not.toContain('Note:');
  });
});

describe('the mails of an order placed on account', () => {
  const { paidAt: _paidAt, checkoutSessionId: _session, ...placed } = paidOrderDetail({ notes: 'Dock 4' });
  const order: PlacedAccountOrder = { ...placed, poNumber: 'PO-2026-118', paymentTerms: 'net30' };

  it('confirm it to the buyer with the PO number and terms, and no payment received', () => {
    const mail = accountOrderConfirmationMail(order, SITE);
    expect(mail.to).toEqual([order.customer.email]);
    expect(mail.subject).toBe(`Order confirmed: ${order.orderNumber} (your PO PO-2026-118)`);
    expect(mail.text).toContain(
      `Order number: ${order.orderNumber}\nYour PO number: PO-2026-118\nPayment: On account (Net 30)`,
    );
    expect(mail.text).toContain('payment is due 30 days after the invoice date');
    expect(mail.text).toContain('Total: $384.02');
    expect(mail.text).not.toMatch(/received your payment|payment of \$/i);
  });

  it('tell staff it goes to production with no payment taken, replying to the buyer', () => {
    const mail = accountOrderStaffMail(order, SITE, STAFF);
    expect(mail.to).toEqual([STAFF]);
    expect(mail.replyTo).toEqual([order.customer.email]);
    expect(mail.subject).toBe(`Order on account ${order.orderNumber} (PO PO-2026-118): $384.02 from Ana Lopez`);
    expect(mail.text).toContain('PO number: PO-2026-118\nPayment: On account (Net 30)');
    expect(mail.text).toContain('Notes: Dock 4');
  });
});
