import { describe, expect, it } from 'vitest';
import { buildInvoice, shopSeller } from '#domain/orders/invoice';
import { defaultConfiguration } from '#domain/pricing/configuration';
import { EXAMPLE_BUSINESS } from '../../tests/support/business';
import { orderLine, paidOrderDetail } from '../../tests/support/paid-order';
import { pdfPagesText } from '../../tests/support/pdf-text';
import { renderInvoicePdf } from './invoice-pdf';

describe('the invoice PDF', () => {
  it('is a PDF with the invoice number, parties, lines, amounts and payment', async () => {
    const order = paidOrderDetail();
    const bytes = await renderInvoicePdf(buildInvoice(order, shopSeller(EXAMPLE_BUSINESS)));
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');

    const pages = await pdfPagesText(bytes);
    expect(pages).toHaveLength(1);
    const text = pages[0]!;
    for (const expected of [
      'Hill & Brook Blinds',
      '2400 Valley View Ln',
      `Phone ${EXAMPLE_BUSINESS.phoneDisplay}`,
      'INVOICE',
      order.orderNumber,
      'March 5, 2026',
      'Ana Lopez',
      '99 Billing Rd',
      'Dallas, TX 75201',
      'Faux Wood Blinds: Standard',
      'Room: Living Room',
      '$41.40',
      '$82.80',
      'Free sample: Roller Shades',
      'Tax (8%)',
      '$16.22',
      'Sample shipping',
      'Professional installation',
      '$150.00',
      '$384.02',
      'Paid by card',
      `Payment ID: ${order.checkoutSessionId}`,
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('runs onto more pages for a long order, with the table head and page number on each', async () => {
    const lines = Array.from({ length: 40 }, (_, i) =>
      orderLine(i + 1, defaultConfiguration('vertical-blinds'), `Unit ${i + 1}`, 1, 9999),
    );
    const order = paidOrderDetail({ lines });
    const pages = await pdfPagesText(await renderInvoicePdf(buildInvoice(order, shopSeller(EXAMPLE_BUSINESS))));
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((text, index) => {
      expect(text).toContain('Unit price');
      expect(text).toContain(`Page ${index + 1} of ${pages.length}`);
    });
    const all = pages.flat();
    for (let i = 1; i <= 40; i++) expect(all).toContain(`Room: Unit ${i}`);
    expect(pages.at(-1)).toContain('Paid by card');
  });

  it('prints Western European names with their accents', async () => {
    const order = paidOrderDetail({ customer: { name: 'Zoë Müller-Françoise', email: 'z@example.com', phone: '' } });
    const [text] = await pdfPagesText(await renderInvoicePdf(buildInvoice(order, shopSeller(EXAMPLE_BUSINESS))));
    expect(text).toContain('Zoë Müller-Françoise');
  });

  it('renders names the standard fonts cannot show, without their accents or as "?"', async () => {
    const order = paidOrderDetail({ customer: { name: 'Nguyễn Thị 李 O’Brien', email: 'n@example.com', phone: '' } });
    const [text] = await pdfPagesText(await renderInvoicePdf(buildInvoice(order, shopSeller(EXAMPLE_BUSINESS))));
    expect(text).toContain('Nguyen Thi ? O’Brien');
  });

  it('is the same file when the same order is rendered again', async () => {
    const invoice = buildInvoice(paidOrderDetail(), shopSeller(EXAMPLE_BUSINESS));
    expect(Buffer.from(await renderInvoicePdf(invoice)).equals(Buffer.from(await renderInvoicePdf(invoice)))).toBe(
      true,
    );
  });
});
