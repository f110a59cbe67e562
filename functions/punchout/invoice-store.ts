/**
 * Punch-out invoices in the table (see functions/lib/table/README.md): one item per order (its id is
 * the order number's), listed for staff newest first, with the outcome of each delivery attempt.
 */
import { INVOICE_PAGE_SIZE, type InvoiceDelivery, type PunchoutInvoice } from '#domain/punchout/invoice';
import { countAll, getItem, putItem, recordOf, tryConditional, updateItem } from '../lib/table/items';
import { punchoutInvoiceKeys, PUNCHOUT_INVOICES_PARTITION } from '../lib/table/keys/punchout';
import { indexPartitionPage } from '../lib/table/page-cursor';

/** An invoice's key without its issue time (the sort key of its listing only). */
const invoiceKey = (invoiceId: string) => {
  const { pk, sk } = punchoutInvoiceKeys(invoiceId, '');
  return { pk, sk };
};

export async function readInvoice(invoiceId: string): Promise<PunchoutInvoice | undefined> {
  const item = await getItem(invoiceKey(invoiceId), { consistent: true });
  return item ? recordOf<PunchoutInvoice>(item) : undefined;
}

/** Newest first, a page at a time (gsi1 `PUNCHOUT_INVOICES`). */
export async function listInvoices(
  cursor: string | undefined,
): Promise<{ invoices: PunchoutInvoice[]; nextCursor: string | null }> {
  const { items, nextCursor } = await indexPartitionPage('gsi1', PUNCHOUT_INVOICES_PARTITION, {
    cursor,
    limit: INVOICE_PAGE_SIZE,
  });
  return { invoices: items.map((item) => recordOf<PunchoutInvoice>(item)), nextCursor };
}

/** The monitor's Total Invoices: Query gsi1 `PUNCHOUT_INVOICES`, Select COUNT. */
export function countInvoices(): Promise<number> {
  return countAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': PUNCHOUT_INVOICES_PARTITION },
  });
}

/** Keeps the invoice unless its order has one (a retried delivery of the shipping): the invoice kept is answered. */
export async function keepInvoice(invoice: PunchoutInvoice): Promise<PunchoutInvoice> {
  await tryConditional(
    putItem({
      Item: { ...punchoutInvoiceKeys(invoice.id, invoice.issuedAt), entity: 'punchoutInvoice', ...invoice },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return (await readInvoice(invoice.id))!;
}

/** Records a delivery attempt's outcome on the invoice. */
export async function recordDelivery(invoiceId: string, delivery: Omit<InvoiceDelivery, 'attempts'>): Promise<void> {
  await updateItem({
    Key: invoiceKey(invoiceId),
    UpdateExpression:
      'SET delivery.#status = :status, delivery.lastError = :lastError, delivery.deliveredAt = :deliveredAt, delivery.attempts = delivery.attempts + :one',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':status': delivery.status,
      ':lastError': delivery.lastError,
      ':deliveredAt': delivery.deliveredAt,
      ':one': 1,
    },
  });
}
