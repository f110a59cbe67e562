/**
 * What a closed account leaves behind (issue 30), one table for the closure, its confirmation mail
 * and the Privacy Policy page, so what customers are told is what the shop does. Free of zod, so
 * the policy page carries nothing more. Decision: docs/decisions/0072-privacy-requests.md.
 */

/** What happens to one kind of record when an account is closed, and why. */
export interface RetentionRule {
  records: string;
  fate: 'erased' | 'anonymised' | 'kept';
  detail: string;
}

/** What a request made with a closed account's still-valid access token is answered (401). */
export const ACCOUNT_CLOSED_MESSAGE = 'This account is closed.';

/** How many full calendar years after the year of a sale its tax records are kept (see taxRecordsKeptUntil). */
export const TAX_RECORD_YEARS = 7;

export const RETENTION_RULES: readonly RetentionRule[] = [
  {
    records: 'Sign-in account',
    fate: 'erased',
    detail: 'Your sign-in is deleted at once: the e-mail and password no longer open an account.',
  },
  {
    records: 'Profile, address and notification preferences',
    fate: 'erased',
    detail: 'Deleted, with your saved products, price list and payment terms.',
  },
  {
    records: 'Properties, rooms and windows',
    fate: 'erased',
    detail: 'Deleted, with every window measurement you saved.',
  },
  { records: 'Carts', fate: 'erased', detail: 'Deleted.' },
  {
    records: 'Live chats',
    fate: 'erased',
    detail: 'Every chat you started while signed in, with its messages, is deleted.',
  },
  {
    records: 'Contact messages and your entry in our customer leads',
    fate: 'erased',
    detail: 'Deleted, matched by your account e-mail.',
  },
  { records: 'Price match requests', fate: 'erased', detail: 'Deleted.' },
  {
    records: 'Measurement appointments',
    fate: 'anonymised',
    detail: 'Your name, e-mail, phone, address and notes are removed; the date and status stay in our visit records.',
  },
  {
    records: 'Quotes',
    fate: 'anonymised',
    detail: 'Your e-mail and phone are removed; the priced lines stay, as they show how an order was priced.',
  },
  {
    records: 'Orders, account invoices, returns and paid sample requests',
    fate: 'kept',
    detail: `Kept as tax records until 31 December of the ${TAX_RECORD_YEARS}th year after the sale, then deleted: the name and addresses on them (the delivery address decides the sales tax), the items, amounts, tax, payments and refunds. Your e-mail, phone and order notes are removed from them at once.`,
  },
];

/** The last day a sale's tax records are kept: 31 December of the TAX_RECORD_YEARS-th year after the year of the sale. */
export function taxRecordsKeptUntil(saleAt: string): string {
  return `${Number(saleAt.slice(0, 4)) + TAX_RECORD_YEARS}-12-31`;
}

/**
 * When a kept tax record goes, as the table's time-to-live (epoch seconds): the end of
 * taxRecordsKeptUntil's day in the shop's time (midnight CST is 06:00 UTC), so DynamoDB deletes it
 * once that day is over, with no job of ours.
 */
export function taxRecordsExpireAt(saleAt: string): number {
  return Date.UTC(Number(saleAt.slice(0, 4)) + TAX_RECORD_YEARS + 1, 0, 1, 6) / 1000;
}
