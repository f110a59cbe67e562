/**
 * The invoice PDF of a paid order in the uploads bucket (rendered there by the OrderPaid consumer),
 * or any other PDF there (an account invoice's), as a short-lived download link.
 */
import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { invoiceObjectKey, type Order } from '#domain/orders/order';
import type { InvoiceLink } from '#domain/orders/responses';
import { storageClient } from '../lib/aws-clients';
import { config } from '../lib/config';

/** Long enough to start the download, short enough that a shared link soon stops working. */
export const INVOICE_LINK_SECONDS = 5 * 60;

/** A presigned GET of the order's invoice, or null while there is none (unpaid, or not rendered yet). */
export async function invoiceLinkOf(
  order: Pick<Order, 'id' | 'orderNumber' | 'paidAt'>,
  now = new Date(),
): Promise<InvoiceLink | null> {
  if (!order.paidAt) return null;
  return pdfLinkOf(invoiceObjectKey(order.id), `invoice-${order.orderNumber}.pdf`, now);
}

/** A presigned GET of a PDF in the uploads bucket, downloaded as `fileName`, or null while it is not there. */
export async function pdfLinkOf(key: string, fileName: string, now = new Date()): Promise<InvoiceLink | null> {
  const location = { Bucket: config().UPLOADS_BUCKET, Key: key };
  try {
    await storageClient().send(new HeadObjectCommand(location));
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
    throw error;
  }
  const url = await getSignedUrl(
    storageClient(),
    new GetObjectCommand({
      ...location,
      ResponseContentType: 'application/pdf',
      ResponseContentDisposition: `attachment; filename="${fileName}"`,
    }),
    { expiresIn: INVOICE_LINK_SECONDS },
  );
  return { url, expiresAt: new Date(now.getTime() + INVOICE_LINK_SECONDS * 1000).toISOString() };
}

export async function invoiceUrlOf(order: Pick<Order, 'id' | 'orderNumber' | 'paidAt'>): Promise<string | null> {
  return (await invoiceLinkOf(order))?.url ?? null;
}
