import { PutObjectCommand } from '@aws-sdk/client-s3';
import { buildInvoice, shopSeller } from '#domain/orders/invoice';
import { OrderPaid } from '#events/orders';
import { storageClient } from '../lib/aws-clients';
import { businessConfig, config } from '../lib/config';
import { consumer } from '../lib/event-consumer';
import { withOrderLines } from './event-lines';
import { renderInvoicePdf } from './invoice-pdf';

/**
 * On OrderPaid: the invoice PDF, stored in the uploads bucket under the order's invoice key, where
 * My Account's download link finds it. Once per order; a second render would write the same bytes
 * to the same key anyway.
 */
export const handler = consumer(
  OrderPaid,
  'RenderOrderInvoice',
  async (order) => {
    const pdf = await renderInvoicePdf(buildInvoice(await withOrderLines(order), shopSeller(businessConfig())));
    await storageClient().send(
      new PutObjectCommand({
        Bucket: config().UPLOADS_BUCKET,
        Key: order.invoiceKey,
        Body: pdf,
        ContentType: 'application/pdf',
        ContentDisposition: `attachment; filename="invoice-${order.orderNumber}.pdf"`,
      }),
    );
  },
  { onceFor: (order) => order.orderId },
);
