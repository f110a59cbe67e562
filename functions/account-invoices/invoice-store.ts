/**
 * Account invoices in the table (functions/lib/table/README.md): one item per on-account order
 * (its id is the order number's), listed by client and for staff's receivables, and in the sparse
 * reminders index while a reminder is left to send. Every move is a condition on the status (and
 * reminder count) it was decided from, so redelivered events and overlapping runs change it once.
 */
import {
  ACCOUNT_INVOICE_LIFECYCLE,
  accountInvoiceSchema,
  nextReminderOn,
  type AccountInvoice,
} from '#domain/account-invoices/account-invoice';
import { getItem, putItem, queryAll, recordOf, tryConditional, updateItem, type Item } from '../lib/table/items';
import {
  ACCOUNT_INVOICE_REMINDERS_PARTITION,
  ACCOUNT_INVOICE_SK_PREFIX,
  PAID_ACCOUNT_INVOICES_PARTITION,
  UNPAID_ACCOUNT_INVOICES_PARTITION,
  accountInvoiceItemKey,
  accountInvoiceKeys,
  accountInvoiceReminderKeys,
  paidAccountInvoiceIndexKeys,
} from '../lib/table/keys/account-invoices';
import { clientPartitionKey } from '../lib/table/keys/accounts';

const invoiceOf = (item: Item): AccountInvoice => accountInvoiceSchema.parse(recordOf(item));

export async function readAccountInvoice(invoiceId: string): Promise<AccountInvoice | undefined> {
  const item = await getItem(accountInvoiceItemKey(invoiceId), { consistent: true });
  return item ? invoiceOf(item) : undefined;
}

/** Keeps a new invoice unless its order has one already (a redelivered shipping): the invoice kept is answered. */
export async function startAccountInvoice(invoice: AccountInvoice): Promise<AccountInvoice> {
  await tryConditional(
    putItem({
      Item: {
        ...accountInvoiceKeys(invoice.id, invoice.clientId, invoice.issuedAt),
        entity: 'accountInvoice',
        ...invoice,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return (await readAccountInvoice(invoice.id))!;
}

/** Records the Stripe invoice made for it, once: false when another attempt recorded one first. */
export function recordStripeInvoice(
  invoiceId: string,
  stripe: { stripeCustomerId: string; stripeInvoiceId: string },
): Promise<boolean> {
  return tryConditional(
    updateItem({
      Key: accountInvoiceItemKey(invoiceId),
      UpdateExpression: 'SET stripeCustomerId = :customer, stripeInvoiceId = :invoice',
      ConditionExpression: 'attribute_exists(pk) AND stripeInvoiceId = :none',
      ExpressionAttributeValues: {
        ':customer': stripe.stripeCustomerId,
        ':invoice': stripe.stripeInvoiceId,
        ':none': null,
      },
    }),
  );
}

/**
 * issuing → open: the client can pay it on Stripe's page, and its first reminder is scheduled.
 * False when it is no longer issuing (another attempt issued it, or it was paid meanwhile).
 */
export function markIssued(
  invoice: AccountInvoice,
  stripe: { stripeInvoiceNumber: string; hostedInvoiceUrl: string },
): Promise<boolean> {
  const { to } = ACCOUNT_INVOICE_LIFECYCLE.move(invoice.status, 'issue', { at: new Date().toISOString(), by: 'shop' });
  const reminderOn = nextReminderOn({ ...invoice, status: to })!;
  const reminder = accountInvoiceReminderKeys(invoice.id, reminderOn);
  return tryConditional(
    updateItem({
      Key: accountInvoiceItemKey(invoice.id),
      UpdateExpression:
        'SET #status = :to, stripeInvoiceNumber = :number, hostedInvoiceUrl = :url, gsi3pk = :reminderPk, gsi3sk = :reminderSk',
      ConditionExpression: '#status = :from',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':to': to,
        ':from': invoice.status,
        ':number': stripe.stripeInvoiceNumber,
        ':url': stripe.hostedInvoiceUrl,
        ':reminderPk': reminder.gsi3pk,
        ':reminderSk': reminder.gsi3sk,
      },
    }),
  );
}

/**
 * → paid, once: out of the reminders index, into the paid receivables by its payment time. Answers
 * whether this call paid it (false: it was paid already, or there is no such invoice).
 */
export function markPaid(invoiceId: string, paidAt: string): Promise<boolean> {
  const from = ACCOUNT_INVOICE_LIFECYCLE.transitions.pay.from;
  const paidIndex = paidAccountInvoiceIndexKeys(invoiceId, paidAt);
  return tryConditional(
    updateItem({
      Key: accountInvoiceItemKey(invoiceId),
      UpdateExpression:
        'SET #status = :paid, paidAt = :paidAt, gsi2pk = :paidPk, gsi2sk = :paidSk REMOVE gsi3pk, gsi3sk',
      ConditionExpression: 'attribute_exists(pk) AND #status IN (:issuing, :open)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':paid': ACCOUNT_INVOICE_LIFECYCLE.transitions.pay.to,
        ':paidAt': paidAt,
        ':paidPk': paidIndex.gsi2pk,
        ':paidSk': paidIndex.gsi2sk,
        ':issuing': from[0],
        ':open': from[1],
      },
    }),
  );
}

/**
 * Claims a reminder: the count moves from what was read to `remindersSent` only while the invoice is
 * open, and the next reminder's day (if any) becomes its index key. Of two runs, one claims it.
 */
export function claimReminder(invoice: AccountInvoice, remindersSent: number): Promise<boolean> {
  const next = nextReminderOn({ ...invoice, remindersSent });
  const reminder = next ? accountInvoiceReminderKeys(invoice.id, next) : null;
  return tryConditional(
    updateItem({
      Key: accountInvoiceItemKey(invoice.id),
      UpdateExpression: reminder
        ? 'SET remindersSent = :sent, gsi3sk = :reminderSk'
        : 'SET remindersSent = :sent REMOVE gsi3pk, gsi3sk',
      ConditionExpression: '#status = :open AND remindersSent = :read',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':sent': remindersSent,
        ':open': 'open',
        ':read': invoice.remindersSent,
        ...(reminder ? { ':reminderSk': reminder.gsi3sk } : {}),
      },
    }),
  );
}

/** A client's invoices (gsi1 `CLIENT#<clientId>` begins_with `ACCOUNT_INVOICE#`). */
export async function listClientInvoices(clientId: string): Promise<AccountInvoice[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
    ExpressionAttributeValues: { ':pk': clientPartitionKey(clientId), ':prefix': ACCOUNT_INVOICE_SK_PREFIX },
  });
  return items.map(invoiceOf);
}

/**
 * Staff's receivables (gsi2): every unpaid invoice, which credit limits keep few, and the invoices
 * paid from `paidFrom` (an instant) on.
 */
export async function listReceivableInvoices(paidFrom: string): Promise<AccountInvoice[]> {
  const [unpaid, paid] = await Promise.all([
    queryAll({
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': UNPAID_ACCOUNT_INVOICES_PARTITION },
    }),
    queryAll({
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk >= :from',
      ExpressionAttributeValues: { ':pk': PAID_ACCOUNT_INVOICES_PARTITION, ':from': paidFrom },
    }),
  ]);
  // The index is eventually consistent: an invoice paid a moment ago may still be listed as unpaid too.
  const byId = new Map([...unpaid, ...paid].map(invoiceOf).map((invoice) => [invoice.id, invoice]));
  return [...byId.values()];
}

/** Open invoices whose next reminder's day has come (sparse gsi3 `ACCOUNT_INVOICE_REMINDERS`, `gsi3sk <= today#~`). */
export async function invoicesWithReminderDue(today: string): Promise<AccountInvoice[]> {
  const items = await queryAll({
    IndexName: 'gsi3',
    KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk <= :through',
    ExpressionAttributeValues: { ':pk': ACCOUNT_INVOICE_REMINDERS_PARTITION, ':through': `${today}#~` },
  });
  // The index is eventually consistent: the item itself decides.
  const current = await Promise.all(items.map((item) => readAccountInvoice(String(item.id))));
  return current.filter((invoice): invoice is AccountInvoice => invoice?.status === 'open');
}
