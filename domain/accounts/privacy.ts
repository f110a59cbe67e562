import * as z from 'zod';
import type { AccountInvoiceStatus } from '../account-invoices/account-invoice';
import type { AppointmentStatus } from '../appointments/appointment';
import type { OrderStatus, PaymentStatus } from '../orders/order';

/**
 * Privacy requests (issue 30): what a customer's data export holds, when their account may be
 * closed, and what a closure erases, anonymises or keeps. The Privacy Policy page reads
 * `RETENTION_RULES`, so what it tells customers is what the closure does. Decision:
 * docs/decisions/DRAFT-privacy-requests.md.
 */

/** What happens to one kind of record when an account is closed, and why. */
export interface RetentionRule {
  records: string;
  fate: 'erased' | 'anonymised' | 'kept';
  detail: string;
}

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
 * The e-mail a kept record carries in place of the customer's: unique to the closed account (so
 * staff see two records belong together) and undeliverable (`.invalid` is reserved, RFC 2606).
 */
export function erasedEmail(clientId: string): string {
  return `closed-${clientId.slice(0, 8).toLowerCase()}@erased.invalid`;
}

export const ERASED_NAME = 'Closed account';

export const PRIVACY_MESSAGES = {
  confirmMismatch: 'Type the e-mail address of your account to confirm.',
  orderInProgress: (orderNumber: string) =>
    `Your order ${orderNumber} is still in progress. You can close your account once it has been delivered (or cancelled): until then we need your details to make, deliver and support it.`,
  checkoutOpen: (orderNumber: string) =>
    `Your order ${orderNumber} is waiting for payment. Please finish or leave that payment first (an unpaid checkout ends within a day), then close your account.`,
  unpaidInvoice: (invoiceId: string) =>
    `Your invoice ${invoiceId} is not paid yet. Please pay it first: we need your account to send you its reminders and receipt.`,
  appointmentBooked: (date: string) =>
    `You have a measurement visit booked on ${date}. Please cancel it first (the link is in your confirmation e-mail), or let it take place, then close your account.`,
  noAccount: 'There is no account to close.',
  alreadyClosed: 'This account is closed.',
} as const;

/** POST /api/account/closure: the customer types their account's e-mail to confirm. */
export const closureConfirmationSchema = z.object({
  confirmEmail: z.string({ error: PRIVACY_MESSAGES.confirmMismatch }).trim().toLowerCase().max(320),
});
export type ClosureConfirmation = z.infer<typeof closureConfirmationSchema>;

export function confirmsEmail(confirmation: ClosureConfirmation, accountEmail: string): boolean {
  return confirmation.confirmEmail === accountEmail.trim().toLowerCase();
}

/** Where a closure started: the customer in My Account, or staff carrying out a request made by mail. */
export type ClosureRequester = 'customer' | 'staff';

/** What decides whether an account may be closed now: its orders, account invoices and appointments as stored. */
export interface ClosureCheckInput {
  orders: readonly { orderNumber: string; status: OrderStatus; paymentStatus: PaymentStatus; installation: boolean }[];
  invoices: readonly { id: string; status: AccountInvoiceStatus }[];
  appointments: readonly { scheduledDate: string; status: AppointmentStatus }[];
  today: string;
}

/**
 * Why the account cannot be closed now, or null when it can. An order between payment and
 * delivery (or installation, when bought) still needs the customer's contact to be made, delivered
 * and supported; a checkout waiting for payment could still be paid; an unpaid account invoice is
 * still being collected; a booked measurement visit needs the address and phone to happen.
 */
export function closureRefusal({ orders, invoices, appointments, today }: ClosureCheckInput): string | null {
  const open = orders.find((order) => orderInProgress(order));
  if (open) return PRIVACY_MESSAGES.orderInProgress(open.orderNumber);
  const checkout = orders.find((order) => order.status === 'pending' && order.paymentStatus === 'pending');
  if (checkout) return PRIVACY_MESSAGES.checkoutOpen(checkout.orderNumber);
  const unpaid = invoices.find((invoice) => invoice.status !== 'paid');
  if (unpaid) return PRIVACY_MESSAGES.unpaidInvoice(unpaid.id);
  const visit = appointments.find(
    (appointment) => appointment.status === 'scheduled' && appointment.scheduledDate >= today,
  );
  if (visit) return PRIVACY_MESSAGES.appointmentBooked(visit.scheduledDate);
  return null;
}

const IN_PROGRESS: readonly OrderStatus[] = ['processing', 'inProduction', 'readyToShip', 'shipped'];

function orderInProgress(order: ClosureCheckInput['orders'][number]): boolean {
  return IN_PROGRESS.includes(order.status) || (order.status === 'delivered' && order.installation);
}

/** The data export's sections, in the order the file lists them. */
export const DATA_EXPORT_SECTIONS = [
  'profile',
  'properties',
  'rooms',
  'windows',
  'savedProducts',
  'orders',
  'quotes',
  'accountInvoices',
  'returns',
  'chats',
  'appointments',
  'sampleRequests',
  'priceMatches',
  'contactMessages',
] as const;
export type DataExportSection = (typeof DATA_EXPORT_SECTIONS)[number];

/** GET /api/account/data-export: every record the shop keeps of the customer, as stored, without table keys. */
export interface DataExport {
  format: 'blinds-shop-data-export';
  version: 1;
  exportedAt: string;
  clientId: string;
  data: Record<DataExportSection, unknown>;
}

export function dataExportFileName(exportedAt: string): string {
  return `my-data-${exportedAt.slice(0, 10)}.json`;
}

/** The closure record's state: `closing` while its steps run (a retry resumes them), `closed` once all are done. */
export type ClosureStatus = 'closing' | 'closed';

export interface AccountClosureAnswer {
  status: ClosureStatus;
  closedAt: string | null;
}
