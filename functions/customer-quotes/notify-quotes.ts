/**
 * The mails of customer quotes: the quote's link to the address a customer typed ("E-mail this
 * quote"; reply goes to the customer), staff's notice of a freight quote to price, and the
 * customer's mail of a new version staff issued. Once per event.
 */
import { readableDate, shopDateAt } from '#domain/appointments/schedule';
import { formatCents } from '#domain/pricing/money';
import {
  CustomerQuoteEmailed,
  CustomerQuoteFreightRequested,
  CustomerQuoteVersionIssued,
} from '#events/customer-quotes';
import type { EventDetail } from '#events/declaration';
import { consumer } from '../lib/event-consumer';
import { mailSettings, sendMail, type Mail, type MailSettings } from '../lib/mail';
import type { MailBlock } from '../mail/blocks';
import { brandedMail } from '../mail/compose';

type QuoteMail = EventDetail<typeof CustomerQuoteFreightRequested>;

const validUntil = (quote: QuoteMail) => readableDate(shopDateAt(new Date(quote.validUntil)));

function figures(quote: QuoteMail): MailBlock {
  return {
    kind: 'amounts',
    rows: [
      { label: 'Blinds', amount: String(quote.blindCount), isTotal: false },
      {
        label: 'Total',
        amount: quote.totalCents === null ? 'Freight to be priced' : formatCents(quote.totalCents),
        isTotal: true,
      },
    ],
  };
}

export function emailedQuoteMail(quote: EventDetail<typeof CustomerQuoteEmailed>, { siteUrl }: MailSettings): Mail {
  return brandedMail({
    to: [quote.recipient],
    replyTo: [quote.customer.email],
    subject: `${quote.customer.name} sent you quote ${quote.reference}`,
    preview: `Blinds quoted until ${validUntil(quote)}`,
    siteUrl,
    blocks: [
      {
        kind: 'paragraph',
        text: `${quote.customer.name} sent you our quote ${quote.reference}, valid until ${validUntil(quote)}.`,
      },
      ...(quote.message ? [{ kind: 'quote', text: quote.message } satisfies MailBlock] : []),
      figures(quote),
      { kind: 'link', label: 'View the quote', url: quote.shareUrl, primary: true },
      { kind: 'paragraph', text: `Replying to this e-mail reaches ${quote.customer.name}.` },
    ],
  });
}

export function freightRequestedMail(quote: QuoteMail, { siteUrl, staffEmail }: MailSettings): Mail {
  return brandedMail({
    to: [staffEmail],
    replyTo: [quote.customer.email],
    subject: `Freight quote to price: ${quote.reference}`,
    preview: `${quote.customer.name} asks for freight on ${quote.blindCount} blinds`,
    siteUrl,
    blocks: [
      {
        kind: 'paragraph',
        text: `${quote.customer.name} <${quote.customer.email}> asked for a freight quote: some blinds are over 100" wide.`,
      },
      figures(quote),
      { kind: 'link', label: 'Price it in the Quotes tab', url: new URL('/admin', siteUrl).href, primary: true },
    ],
  });
}

export function versionIssuedMail(
  quote: EventDetail<typeof CustomerQuoteVersionIssued>,
  { siteUrl }: MailSettings,
): Mail {
  return brandedMail({
    to: [quote.customer.email],
    subject: `Your quote ${quote.reference} is ready`,
    preview: `It replaces ${quote.replacedReference}, valid until ${validUntil(quote)}`,
    siteUrl,
    blocks: [
      { kind: 'paragraph', text: `Hello ${quote.customer.name},` },
      {
        kind: 'paragraph',
        text: `We issued ${quote.reference}, which replaces ${quote.replacedReference}. It is valid until ${validUntil(quote)}.`,
      },
      ...(quote.staffNote ? [{ kind: 'quote', text: quote.staffNote } satisfies MailBlock] : []),
      figures(quote),
      { kind: 'link', label: 'View and accept it', url: new URL('/account', siteUrl).href, primary: true },
      { kind: 'link', label: 'Share it with the owner', url: quote.shareUrl },
    ],
  });
}

export const quoteEmailed = consumer(CustomerQuoteEmailed, 'MailEmailedCustomerQuote', async (quote) =>
  sendMail(emailedQuoteMail(quote, mailSettings())),
);

export const freightRequested = consumer(
  CustomerQuoteFreightRequested,
  'NotifyStaffOfFreightQuote',
  async (quote) => sendMail(freightRequestedMail(quote, mailSettings())),
  { onceFor: (quote) => quote.quoteId },
);

export const versionIssued = consumer(
  CustomerQuoteVersionIssued,
  'MailCustomerQuoteVersion',
  async (quote) => sendMail(versionIssuedMail(quote, mailSettings())),
  { onceFor: (quote) => quote.quoteId },
);
