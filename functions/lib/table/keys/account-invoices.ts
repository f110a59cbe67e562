/**
 * The table's keys of on-account orders' invoices (functions/account-invoices); see ../README.md.
 */
import { clientPartitionKey } from './accounts';

/**
 * An on-account order's invoice: its client's (gsi1, by issue time) and staff's receivables (gsi2):
 * unpaid by issue time until paid, then paid by payment time, so receivables read every unpaid
 * invoice and only the paid ones of a recent period however many years of them there are.
 */
export function accountInvoiceKeys(invoiceId: string, clientId: string, issuedAt: string) {
  return {
    ...accountInvoiceItemKey(invoiceId),
    gsi1pk: clientPartitionKey(clientId),
    gsi1sk: `${ACCOUNT_INVOICE_SK_PREFIX}${issuedAt}#${invoiceId}`,
    gsi2pk: UNPAID_ACCOUNT_INVOICES_PARTITION,
    gsi2sk: `${issuedAt}#${invoiceId}`,
  };
}

/** A paid account invoice's place in staff's receivables (gsi2): by when it was paid. */
export function paidAccountInvoiceIndexKeys(invoiceId: string, paidAt: string) {
  return { gsi2pk: PAID_ACCOUNT_INVOICES_PARTITION, gsi2sk: `${paidAt}#${invoiceId}` };
}

/** An account invoice's own key, without its index keys. */
export function accountInvoiceItemKey(invoiceId: string) {
  return { pk: `ACCOUNT_INVOICE#${invoiceId}`, sk: 'INVOICE' };
}

export const ACCOUNT_INVOICE_SK_PREFIX = 'ACCOUNT_INVOICE#';
export const UNPAID_ACCOUNT_INVOICES_PARTITION = 'ACCOUNT_INVOICES#unpaid';
export const PAID_ACCOUNT_INVOICES_PARTITION = 'ACCOUNT_INVOICES#paid';

/** While an account invoice has a reminder to send: sparse gsi3, by the day it goes (YYYY-MM-DD). */
export function accountInvoiceReminderKeys(invoiceId: string, reminderOn: string) {
  return { gsi3pk: ACCOUNT_INVOICE_REMINDERS_PARTITION, gsi3sk: `${reminderOn}#${invoiceId}` };
}

export const ACCOUNT_INVOICE_REMINDERS_PARTITION = 'ACCOUNT_INVOICE_REMINDERS';
