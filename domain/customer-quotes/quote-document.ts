/** What a customer quote's PDF says, pure: drawn by the invoice's renderer (functions/orders/invoice-pdf.ts). */
import {
  blindLine,
  orderAmountRows,
  postalAddressLines,
  shopDate,
  type AmountRow,
  type PrintedDocument,
} from '../orders/invoice';
import { formatCents } from '../pricing/money';
import { QUOTE_MESSAGES, quoteReference, validUntilDay, type CustomerQuote } from './customer-quote';

/** The quote's amounts as an order's; while the freight is unpriced, without shipping and total (the reader says why). */
export function quoteAmountRows(quote: Pick<CustomerQuote, 'totals'>): AmountRow[] {
  const { totals } = quote;
  if (totals.totalCents !== null && totals.shippingCents !== null)
    return orderAmountRows({
      ...totals,
      shippingCents: totals.shippingCents,
      totalCents: totals.totalCents,
      sampleShippingCents: 0,
    });
  return orderAmountRows({ ...totals, shippingCents: 0, sampleShippingCents: 0, totalCents: 0 }).filter(
    (row) => row.label !== 'Shipping' && !row.isTotal,
  );
}

export function quoteDocument(quote: CustomerQuote, seller: PrintedDocument['seller']): PrintedDocument {
  const reference = quoteReference(quote);
  const priced = quote.totals.totalCents !== null;
  return {
    title: 'QUOTE',
    number: reference,
    issuedAt: quote.createdAt,
    seller,
    references: [
      { label: 'Quote number', value: reference },
      { label: 'Date', value: shopDate(quote.createdAt) },
      { label: 'Valid until', value: validUntilDay(quote) },
    ],
    parties: [
      { label: 'Prepared for', party: { name: quote.customer.name, addressLines: [quote.customer.email] } },
      {
        label: 'Ship to',
        party: { name: quote.customer.name, addressLines: postalAddressLines(quote.shippingAddress) },
      },
    ],
    lines: quote.lines.map(blindLine),
    amounts: quoteAmountRows(quote),
    closing: {
      heading: priced
        ? `Valid until ${validUntilDay(quote)}: ${formatCents(quote.totals.totalCents!)}`
        : 'Freight to be priced',
      detail: priced
        ? 'These prices hold until that day, whatever our price grids do meanwhile.'
        : QUOTE_MESSAGES.awaitingPricing,
      message: [
        quote.staffNote,
        `Accept it signed in to your account at ${seller.website}. Questions? Call ${seller.phone} or write to ${seller.email}.`,
      ]
        .filter(Boolean)
        .join(' '),
    },
    footer: `Quote ${reference}`,
  };
}
