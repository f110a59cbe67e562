/**
 * The scheduled job that reminds clients of unpaid account invoices (functions/schedules.ts): on
 * the due date, and 7 days after (domain rules: reminderDue). The clock is the schedule's `time`.
 * Each reminder is claimed on the invoice first (a condition on its status and reminder count), so
 * overlapping runs send it once and a paid invoice gets none; a mail that fails after its claim is
 * logged, not sent twice.
 */
import type { ScheduledEvent } from 'aws-lambda';
import { reminderDue, type AccountInvoice } from '#domain/account-invoices/account-invoice';
import { readableDate, shopDateAt } from '#domain/appointments/schedule';
import { formatCents } from '#domain/pricing/money';
import { logger } from '../lib/logger';
import { mailSettings, sendMail, type Mail, type MailSettings } from '../lib/mail';
import { brandedMail } from '../mail/compose';
import { claimReminder, invoicesWithReminderDue } from './invoice-store';

export async function handler(event: Pick<ScheduledEvent, 'time'>): Promise<{ reminded: string[] }> {
  const today = shopDateAt(new Date(event.time));
  const reminded: string[] = [];
  for (const invoice of await invoicesWithReminderDue(today)) {
    const due = reminderDue(invoice, today);
    if (!due || !(await claimReminder(invoice, due.remindersSent))) continue;
    try {
      await sendMail(reminderMail(invoice, due.overdueDays, mailSettings()));
      reminded.push(invoice.id);
    } catch (error) {
      logger.error('An invoice reminder could not be mailed', { invoiceId: invoice.id, error });
    }
  }
  logger.info('Invoice reminders sent', { reminded, at: event.time });
  return { reminded };
}

/** The client's reminder: what is due, since when, and the link to pay it. */
export function reminderMail(invoice: AccountInvoice, overdueDays: number, { siteUrl }: MailSettings): Mail {
  const amount = formatCents(invoice.totalCents);
  const subject =
    overdueDays === 0
      ? `Invoice ${invoice.id} for ${amount} is due today`
      : `Reminder: invoice ${invoice.id} for ${amount} is ${overdueDays} days overdue`;
  return brandedMail({
    to: [invoice.customer.email],
    subject,
    preview: `PO ${invoice.poNumber}, order ${invoice.orderNumber}: due ${readableDate(invoice.dueOn)}`,
    siteUrl,
    blocks: [
      { kind: 'paragraph', text: `Hello ${invoice.customer.name},` },
      {
        kind: 'paragraph',
        text:
          overdueDays === 0
            ? `Invoice ${invoice.id} for order ${invoice.orderNumber} (PO ${invoice.poNumber}) is due today, ${readableDate(invoice.dueOn)}.`
            : `Invoice ${invoice.id} for order ${invoice.orderNumber} (PO ${invoice.poNumber}) was due on ${readableDate(invoice.dueOn)} and is still unpaid.`,
      },
      { kind: 'amounts', rows: [{ label: 'Amount due', amount, isTotal: true }] },
      ...(invoice.hostedInvoiceUrl
        ? [
            {
              kind: 'link' as const,
              label: 'Pay by card or bank transfer',
              url: invoice.hostedInvoiceUrl,
              primary: true,
            },
          ]
        : []),
      {
        kind: 'link',
        label: 'Your invoices in My Account',
        url: new URL('/account/settings', siteUrl).href,
      },
      { kind: 'paragraph', text: 'If you have already paid, thank you: please disregard this reminder.' },
    ],
  });
}
