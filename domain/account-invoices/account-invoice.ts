/**
 * The invoice of an order placed on account (issue 28): issued when the order ships, due its terms'
 * days after the shipping day, paid through Stripe's hosted invoice page, reminded of on the due
 * date and 7 days after while unpaid. Pure: functions/account-invoices/ issues, stores and reminds.
 * Days are the shop's calendar days (YYYY-MM-DD in its time zone), as the client reads "due March 20".
 */
import * as z from 'zod';
import { PAYMENT_TERMS, PAYMENT_TERMS_DAYS, PAYMENT_TERMS_LABELS, type PaymentTerms } from '../accounts/payment-terms';
import { readableDate, shopDateAt, shopInstant } from '../appointments/schedule';
import { addDays } from '../calendar/dates';
import type { CheckoutAddress, OrderSample } from '../checkout/checkout';
import {
  blindLine,
  orderAmountRows,
  postalAddressLines,
  sampleTitle,
  shopDate,
  type PrintedDocument,
} from '../orders/invoice';
import type { OrderCustomer, OrderLine, OrderTotals } from '../orders/order';
import { invoiceNumberOf } from '../punchout/invoice';
import { defineStateMachine } from '../state-machine';

const cents = z.number().int().nonnegative();
const isoTime = z.iso.datetime();
const calendarDate = z.iso.date();

/**
 * `issuing` while its Stripe invoice and PDF are being made (a redelivered shipping resumes it),
 * `open` once the client can pay it, `paid` when Stripe's invoice.paid came: final.
 */
export const ACCOUNT_INVOICE_STATUSES = ['issuing', 'open', 'paid'] as const;
export type AccountInvoiceStatus = (typeof ACCOUNT_INVOICE_STATUSES)[number];

export const ACCOUNT_INVOICE_TRANSITIONS = {
  issue: { from: ['issuing'], to: 'open' },
  // Stripe may report a payment before the issuing step has recorded the invoice open.
  pay: { from: ['issuing', 'open'], to: 'paid' },
} as const satisfies Record<string, { from: readonly AccountInvoiceStatus[]; to: AccountInvoiceStatus }>;

export const ACCOUNT_INVOICE_LIFECYCLE = defineStateMachine<
  AccountInvoiceStatus,
  typeof ACCOUNT_INVOICE_TRANSITIONS,
  string
>({
  subject: 'account invoice',
  states: ACCOUNT_INVOICE_STATUSES,
  initial: ['issuing'],
  terminal: ['paid'],
  transitions: ACCOUNT_INVOICE_TRANSITIONS,
});

export const ACCOUNT_INVOICE_MESSAGES = {
  notFound: 'Invoice Not Found',
  pdfNotReady: 'This invoice is still being prepared. Please try again in a minute.',
} as const;

/** A reminder goes on the due date, and another this many days later, while the invoice is unpaid. */
export const REMINDER_OFFSETS_DAYS = [0, 7] as const;

export const accountInvoiceSchema = z.object({
  /** INV- and the order number's characters (invoiceNumberOf): one invoice per order. */
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  clientId: z.string(),
  customer: z.object({ name: z.string(), email: z.string() }),
  poNumber: z.string(),
  terms: z.enum(PAYMENT_TERMS),
  totalCents: cents,
  /** The shipping day, and the day payment is due: shipping day + the terms' days. */
  shippedOn: calendarDate,
  dueOn: calendarDate,
  issuedAt: isoTime,
  status: z.enum(ACCOUNT_INVOICE_STATUSES),
  /** Stripe's customer and invoice, its number and hosted page: null until made. */
  stripeCustomerId: z.string().nullable(),
  stripeInvoiceId: z.string().nullable(),
  stripeInvoiceNumber: z.string().nullable(),
  hostedInvoiceUrl: z.string().nullable(),
  /** Where its PDF is in the uploads bucket (accountInvoicePdfKey). */
  pdfKey: z.string(),
  paidAt: isoTime.nullable(),
  /** How many of the reminders (REMINDER_OFFSETS_DAYS) were sent. */
  remindersSent: z.number().int().min(0).max(REMINDER_OFFSETS_DAYS.length),
});
export type AccountInvoice = z.infer<typeof accountInvoiceSchema>;

export function accountInvoicePdfKey(invoiceId: string): string {
  return `account-invoices/${invoiceId}.pdf`;
}

export function accountInvoiceFileName(invoiceId: string): string {
  return `invoice-${invoiceId}.pdf`;
}

/** The invoice's id (and number) for an order: the order number's, as a punch-out invoice's. */
export const accountInvoiceIdOf = invoiceNumberOf;
export const accountInvoiceIdSchema = z.string().regex(/^INV-[2-9A-HJ-NP-Z]{6}$/);

/** The day payment is due: the shipping day in the shop's calendar plus the terms' days. */
export function dueOnFor(shippedAt: Date, terms: PaymentTerms): string {
  return addDays(shopDateAt(shippedAt), PAYMENT_TERMS_DAYS[terms]);
}

/** The instant Stripe is told the invoice is due: the end of the due day in the shop's time zone. */
export function dueInstant(dueOn: string): Date {
  return new Date(shopInstant(dueOn, '23:59').getTime() + 59_000);
}

/** The days reminders go, in order. */
export function reminderDays(dueOn: string): string[] {
  return REMINDER_OFFSETS_DAYS.map((offset) => addDays(dueOn, offset));
}

/** The day the next reminder goes, or null when none is left (paid, or both sent). */
export function nextReminderOn(invoice: Pick<AccountInvoice, 'status' | 'dueOn' | 'remindersSent'>): string | null {
  if (invoice.status === 'paid') return null;
  return reminderDays(invoice.dueOn)[invoice.remindersSent] ?? null;
}

/**
 * The reminder to send on `today`: how many reminders will then have been sent (the latest one
 * due counts for those missed before it, so a client never gets two at once), or null for none.
 */
export function reminderDue(
  invoice: Pick<AccountInvoice, 'status' | 'dueOn' | 'remindersSent'>,
  today: string,
): { remindersSent: number; overdueDays: number } | null {
  if (invoice.status === 'paid') return null;
  const due = reminderDays(invoice.dueOn).filter((day) => day <= today).length;
  if (due <= invoice.remindersSent) return null;
  return { remindersSent: due, overdueDays: daysBetween(invoice.dueOn, today) };
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Unpaid past its due day. */
export function isOverdue(invoice: Pick<AccountInvoice, 'status' | 'dueOn'>, today: string): boolean {
  return invoice.status !== 'paid' && today > invoice.dueOn;
}

/** What a reader is told of an invoice: open (not yet due), overdue, or paid. */
export const RECEIVABLE_STANDINGS = ['open', 'overdue', 'paid'] as const;
export type ReceivableStanding = (typeof RECEIVABLE_STANDINGS)[number];
export const RECEIVABLE_STANDING_LABELS: Record<ReceivableStanding, string> = {
  open: 'Open',
  overdue: 'Overdue',
  paid: 'Paid',
};

export function standingOf(invoice: Pick<AccountInvoice, 'status' | 'dueOn'>, today: string): ReceivableStanding {
  if (invoice.status === 'paid') return 'paid';
  return isOverdue(invoice, today) ? 'overdue' : 'open';
}

/** An invoice as the client and staff see it. */
export const accountInvoiceViewSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  poNumber: z.string(),
  terms: z.enum(PAYMENT_TERMS),
  totalCents: cents,
  issuedAt: isoTime,
  dueOn: calendarDate,
  standing: z.enum(RECEIVABLE_STANDINGS),
  paidAt: isoTime.nullable(),
  /** Stripe's hosted invoice page while the invoice can be paid there; null once paid or before it is ready. */
  payUrl: z.string().nullable(),
});
export type AccountInvoiceView = z.infer<typeof accountInvoiceViewSchema>;

export function accountInvoiceView(invoice: AccountInvoice, today: string): AccountInvoiceView {
  const standing = standingOf(invoice, today);
  return {
    id: invoice.id,
    orderId: invoice.orderId,
    orderNumber: invoice.orderNumber,
    poNumber: invoice.poNumber,
    terms: invoice.terms,
    totalCents: invoice.totalCents,
    issuedAt: invoice.issuedAt,
    dueOn: invoice.dueOn,
    standing,
    paidAt: invoice.paidAt,
    payUrl: invoice.status === 'open' ? invoice.hostedInvoiceUrl : null,
  };
}

/** GET /api/account/invoices: the caller's invoices, unpaid first (soonest due first), then paid (newest first). */
export const myAccountInvoicesSchema = z.object({ invoices: z.array(accountInvoiceViewSchema) });
export type MyAccountInvoices = z.infer<typeof myAccountInvoicesSchema>;

export function byUrgency(a: AccountInvoiceView, b: AccountInvoiceView): number {
  const paidA = a.standing === 'paid';
  const paidB = b.standing === 'paid';
  if (paidA !== paidB) return paidA ? 1 : -1;
  if (!paidA) return a.dueOn.localeCompare(b.dueOn) || a.id.localeCompare(b.id);
  return b.issuedAt.localeCompare(a.issuedAt) || a.id.localeCompare(b.id);
}

const bucketSchema = z.object({ count: z.number().int().nonnegative(), totalCents: cents });
export type ReceivablesBucket = z.infer<typeof bucketSchema>;
const bucketsSchema = z.object({ open: bucketSchema, overdue: bucketSchema, paid: bucketSchema });
export type ReceivablesBuckets = z.infer<typeof bucketsSchema>;

export const clientReceivablesSchema = z.object({
  clientId: z.string(),
  name: z.string(),
  email: z.string(),
  totals: bucketsSchema,
  invoices: z.array(accountInvoiceViewSchema),
});
export type ClientReceivables = z.infer<typeof clientReceivablesSchema>;

/** How far back staff's receivables list paid invoices, in days: unpaid ones are always all listed. */
export const RECEIVABLES_PAID_PERIODS = ['30', '90', '365'] as const;
export const DEFAULT_RECEIVABLES_PAID_PERIOD = '90';

/** GET /api/admin/receivables?paidWithinDays=30|90|365 (90 when absent). */
export const receivablesQuerySchema = z.object({
  paidWithinDays: z
    .enum(RECEIVABLES_PAID_PERIODS, { error: 'Please choose 30, 90 or 365 days.' })
    .default(DEFAULT_RECEIVABLES_PAID_PERIOD),
});

/** The first day whose payments receivables list: `days` days back, counting today. */
export function receivablesPaidSince(today: string, days: string): string {
  return addDays(today, 1 - Number(days));
}

/** GET /api/admin/receivables: per client, their invoices and totals; clients with overdue money first. */
export const receivablesSchema = z.object({
  asOf: calendarDate,
  /** Paid invoices are those paid on this day or after it. */
  paidSince: calendarDate,
  totals: bucketsSchema,
  clients: z.array(clientReceivablesSchema),
});
export type Receivables = z.infer<typeof receivablesSchema>;

function emptyBuckets(): ReceivablesBuckets {
  return { open: { count: 0, totalCents: 0 }, overdue: { count: 0, totalCents: 0 }, paid: { count: 0, totalCents: 0 } };
}

/** Staff's receivables on `today`: each client's invoices by standing, with totals, and the shop's (paid ones since `paidSince`). */
export function receivablesOf(invoices: readonly AccountInvoice[], today: string, paidSince: string): Receivables {
  const totals = emptyBuckets();
  const clients = new Map<string, ClientReceivables>();
  for (const invoice of invoices) {
    if (invoice.paidAt !== null && shopDateAt(new Date(invoice.paidAt)) < paidSince) continue;
    const view = accountInvoiceView(invoice, today);
    let client = clients.get(invoice.clientId);
    if (!client) {
      client = {
        clientId: invoice.clientId,
        name: invoice.customer.name,
        email: invoice.customer.email,
        totals: emptyBuckets(),
        invoices: [],
      };
      clients.set(invoice.clientId, client);
    }
    client.invoices.push(view);
    for (const buckets of [client.totals, totals]) {
      buckets[view.standing].count += 1;
      buckets[view.standing].totalCents += invoice.totalCents;
    }
  }
  const ordered = [...clients.values()].map((client) => ({ ...client, invoices: client.invoices.sort(byUrgency) }));
  ordered.sort(
    (a, b) =>
      b.totals.overdue.totalCents - a.totals.overdue.totalCents ||
      b.totals.open.totalCents - a.totals.open.totalCents ||
      a.name.localeCompare(b.name),
  );
  return { asOf: today, paidSince, totals, clients: ordered };
}

/** The order an account invoice is printed from: what OrderStatusChanged carries. */
export interface InvoicedOrder {
  orderNumber: string;
  customer: OrderCustomer;
  shippingAddress: CheckoutAddress;
  billingAddress: CheckoutAddress;
  lines: OrderLine[];
  samples: OrderSample[];
  totals: OrderTotals;
}

/** The account invoice as the PDF prints it: INVOICE, its due date, terms and the client's PO number. */
export function accountInvoiceDocument(
  invoice: Pick<AccountInvoice, 'id' | 'issuedAt' | 'dueOn' | 'terms' | 'poNumber'>,
  order: InvoicedOrder,
  seller: PrintedDocument['seller'],
): PrintedDocument {
  const due = readableDate(invoice.dueOn);
  return {
    title: 'INVOICE',
    number: invoice.id,
    issuedAt: invoice.issuedAt,
    seller,
    references: [
      { label: 'Invoice number', value: invoice.id },
      { label: 'Order number', value: order.orderNumber },
      { label: 'PO number', value: invoice.poNumber },
      { label: 'Date', value: shopDate(invoice.issuedAt) },
      { label: 'Terms', value: PAYMENT_TERMS_LABELS[invoice.terms] },
      { label: 'Due date', value: shopDate(dueInstant(invoice.dueOn).toISOString()) },
    ],
    parties: [
      {
        label: 'Bill to',
        party: { name: order.customer.name, addressLines: postalAddressLines(order.billingAddress) },
      },
      {
        label: 'Ship to',
        party: { name: order.customer.name, addressLines: postalAddressLines(order.shippingAddress) },
      },
    ],
    lines: [
      ...order.lines.map(blindLine),
      ...order.samples.map((sample) => ({
        title: sampleTitle(sample),
        details: [`Color: ${sample.color}`, `Material: ${sample.material}`],
        quantity: 1,
        unitCents: 0,
        lineCents: 0,
      })),
    ],
    amounts: orderAmountRows(order.totals),
    closing: {
      heading: `Payment due by ${due}`,
      detail: `Terms: ${PAYMENT_TERMS_LABELS[invoice.terms]} · PO number: ${invoice.poNumber}`,
      message: `Pay by card or bank transfer from the link in your invoice e-mail, or from My Account > Payment Methods. Questions? Call ${seller.phone} or write to ${seller.email}.`,
    },
    footer: `Invoice ${invoice.id}`,
  };
}
