/**
 * The mails of price match requests: on PriceMatchRequested, staff's notice (the competitor's offer
 * against our price, a link to the admin tab) and the customer's acknowledgement with the terms; on
 * PriceMatchDecided, the customer's code with its amount and last day, or the reason it was declined.
 * Once per event.
 */
import { readableDate } from '#domain/appointments/schedule';
import { PRICE_MATCH_TERMS, priceMatchCodeText, type PriceMatchRecord } from '#domain/price-match/price-match';
import { formatCents } from '#domain/pricing/money';
import { PriceMatchDecided, PriceMatchRequested } from '#events/price-match';
import { consumer } from '../lib/event-consumer';
import { mailSettings, sendMail, type Mail, type MailSettings } from '../lib/mail';
import type { MailBlock } from '../mail/blocks';
import { brandedMail } from '../mail/compose';

/** The blind matched, spelled out as the cart shows it, with the two prices of one blind. */
function blindAndPrices(request: PriceMatchRecord): MailBlock[] {
  const { quantity } = request.configuration;
  return [
    {
      kind: 'items',
      items: [{ heading: `${quantity} x ${request.title}`, details: request.description, amount: null }],
    },
    {
      kind: 'amounts',
      rows: [
        { label: 'Our price a blind', amount: formatCents(request.ourUnitCents), isTotal: false },
        {
          label: `${request.competitorName}'s price a blind`,
          amount: formatCents(request.competitorUnitCents),
          isTotal: false,
        },
      ],
    },
  ];
}

/** Staff's notice of a request (replying reaches the customer) and the customer's acknowledgement. */
export function requestedMails(
  request: PriceMatchRecord,
  { siteUrl, staffEmail }: MailSettings,
): { toStaff: Mail; toCustomer: Mail } {
  return {
    toStaff: brandedMail({
      to: [staffEmail],
      replyTo: [request.customer.email],
      subject: `New price match request: ${request.title} at ${request.competitorName}`,
      preview: `${request.competitorName}: ${formatCents(request.competitorUnitCents)} a blind against our ${formatCents(request.ourUnitCents)}`,
      siteUrl,
      blocks: [
        {
          kind: 'paragraph',
          text: `${request.customer.name} <${request.customer.email}> asks us to match ${request.competitorName}'s price.`,
        },
        ...blindAndPrices(request),
        { kind: 'link', label: "The competitor's page", url: request.competitorUrl },
        ...(request.note ? [{ kind: 'quote', text: `Note: ${request.note}` } satisfies MailBlock] : []),
        {
          kind: 'link',
          label: 'Review it in the Price Matches tab',
          url: new URL('/admin', siteUrl).href,
          primary: true,
        },
      ],
    }),
    toCustomer: brandedMail({
      to: [request.customer.email],
      subject: 'We received your price match request',
      preview: PRICE_MATCH_TERMS.reply,
      siteUrl,
      blocks: [
        { kind: 'paragraph', text: `Hello ${request.customer.name},` },
        { kind: 'paragraph', text: `We received your request to match ${request.competitorName}'s price for:` },
        ...blindAndPrices(request),
        { kind: 'paragraph', text: PRICE_MATCH_TERMS.terms },
        { kind: 'paragraph', text: PRICE_MATCH_TERMS.reply },
      ],
    }),
  };
}

/** The customer's mail of the decision: the code, what it takes off and its last day; or why we cannot match. */
export function decisionMail(request: PriceMatchRecord, siteUrl: string): Mail {
  const hello: MailBlock = { kind: 'paragraph', text: `Hello ${request.customer.name},` };
  if (request.code) {
    const { code } = request;
    return brandedMail({
      to: [request.customer.email],
      subject: `We matched ${request.competitorName}'s price: your code ${code.code}`,
      preview: `${formatCents(code.amountCents)} off, until ${readableDate(code.endsOn)}`,
      siteUrl,
      blocks: [
        hello,
        {
          kind: 'paragraph',
          text: `We checked ${request.competitorName}'s price for your ${request.title} and we match it.`,
        },
        { kind: 'code', label: 'Your price match code is', code: code.code },
        {
          kind: 'paragraph',
          text: `Enter it in your cart or at checkout, signed in to this account: ${priceMatchCodeText(code, request.configuration)}. It can be used once.`,
        },
        { kind: 'link', label: 'Go to your cart', url: new URL('/cart', siteUrl).href, primary: true },
      ],
    });
  }
  return brandedMail({
    to: [request.customer.email],
    subject: `Your price match request for ${request.title}`,
    preview: 'We are sorry: we cannot match this price.',
    siteUrl,
    blocks: [
      hello,
      {
        kind: 'paragraph',
        text: `We checked ${request.competitorName}'s price for your ${request.title}, and we are sorry: we cannot match it.`,
      },
      { kind: 'quote', text: request.declineReason ?? '' },
      { kind: 'paragraph', text: PRICE_MATCH_TERMS.terms },
    ],
  });
}

export const priceMatchRequested = consumer(PriceMatchRequested, 'NotifyOfPriceMatchRequested', async (request) => {
  const { toStaff, toCustomer } = requestedMails(request, mailSettings());
  await sendMail(toStaff);
  await sendMail(toCustomer);
});

export const priceMatchDecided = consumer(
  PriceMatchDecided,
  'NotifyCustomerOfPriceMatchDecision',
  async (request) => sendMail(decisionMail(request, mailSettings().siteUrl)),
  { onceFor: (request) => `${request.id}#${request.status}` },
);
