import * as z from 'zod';
import { declare } from './declaration';

const quoteMailSchema = z.object({
  quoteId: z.string(),
  /** Q-XXXXXX, or Q-XXXXXX v2. */
  reference: z.string(),
  customer: z.object({ name: z.string(), email: z.string() }),
  validUntil: z.iso.datetime(),
  blindCount: z.number().int().nonnegative(),
  /** Null while the freight is unpriced. */
  totalCents: z.number().int().nonnegative().nullable(),
  /** The signed read-only page (made by the route, which holds the link key). */
  shareUrl: z.url(),
});

/** A customer sent their quote to an address they typed ("E-mail this quote"). The address is mailed the link. */
export const CustomerQuoteEmailed = declare({
  name: 'CustomerQuoteEmailed',
  version: 1,
  detail: quoteMailSchema.extend({ recipient: z.email(), message: z.string(), sentAt: z.iso.datetime() }),
  consumers: [
    {
      id: 'MailEmailedCustomerQuote',
      handler: { file: 'functions/customer-quotes/notify-quotes.ts', export: 'quoteEmailed' },
      grants: ['table:write', 'mail:send'],
    },
  ],
});

/** A customer asked for a freight quote (blinds over 100" wide): staff are mailed to price it. */
export const CustomerQuoteFreightRequested = declare({
  name: 'CustomerQuoteFreightRequested',
  version: 1,
  detail: quoteMailSchema,
  consumers: [
    {
      id: 'NotifyStaffOfFreightQuote',
      handler: { file: 'functions/customer-quotes/notify-quotes.ts', export: 'freightRequested' },
      grants: ['table:write', 'mail:send'],
    },
  ],
});

/** Staff issued a new version of a quote (the old one is replaced): its customer is mailed the new one. */
export const CustomerQuoteVersionIssued = declare({
  name: 'CustomerQuoteVersionIssued',
  version: 1,
  detail: quoteMailSchema.extend({ replacedReference: z.string(), staffNote: z.string().nullable() }),
  consumers: [
    {
      id: 'MailCustomerQuoteVersion',
      handler: { file: 'functions/customer-quotes/notify-quotes.ts', export: 'versionIssued' },
      grants: ['table:write', 'mail:send'],
    },
  ],
});
