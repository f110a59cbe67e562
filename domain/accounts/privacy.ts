import * as z from 'zod';
import type { AccountInvoiceStatus } from '../account-invoices/account-invoice';
import type { AppointmentStatus } from '../appointments/appointment';
import type { OrderStatus, PaymentStatus } from '../orders/statuses';

/**
 * Privacy requests (issue 30): what a customer's data export holds, when their account may be
 * closed, and how a closure confirms. What a closure erases, anonymises or keeps is
 * retention.ts's. Decision: docs/decisions/0072-privacy-requests.md.
 */

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
