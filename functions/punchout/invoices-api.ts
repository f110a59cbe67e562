/**
 * The Invoice Management tab's routes: the punch-out invoices newest first, and one invoice as a
 * file (TSV, a plain XML, or the cXML InvoiceDetailRequest), `invoice-{id}.{format}`.
 */
import { XMLBuilder } from 'fast-xml-parser';
import Papa from 'papaparse';
import {
  INVOICE_MESSAGES,
  INVOICE_TSV_COLUMNS,
  invoiceExportQuerySchema,
  invoiceFileName,
  invoiceIdSchema,
  invoicesQuerySchema,
  invoiceSummaryOf,
  invoiceTsvRows,
  invoiceXmlTree,
  type InvoiceExportFormat,
  type InvoicesPage,
  type PunchoutInvoice,
} from '#domain/punchout/invoice';
import { httpHandler, HttpError, json, parseQuery } from '../lib/http';
import { listInvoices, readInvoice } from './invoice-store';
import { invoiceCxmlOf } from './invoice-cxml';

/** GET /api/admin/punchout/invoices?cursor= */
export const listPunchoutInvoices = httpHandler(async (event) => {
  const { cursor } = parseQuery(event, invoicesQuerySchema);
  const page = await listInvoices(cursor);
  return json(200, {
    invoices: page.invoices.map(invoiceSummaryOf),
    nextCursor: page.nextCursor,
  } satisfies InvoicesPage);
});

const xmlBuilder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true });

const CONTENT_TYPES: Record<InvoiceExportFormat, string> = {
  tsv: 'text/tab-separated-values; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  cxml: 'application/xml; charset=utf-8',
};

async function fileOf(invoice: PunchoutInvoice, format: InvoiceExportFormat): Promise<string> {
  switch (format) {
    case 'tsv':
      return Papa.unparse(
        {
          fields: [...INVOICE_TSV_COLUMNS],
          data: invoiceTsvRows(invoice).map((row) => INVOICE_TSV_COLUMNS.map((column) => row[column])),
        },
        { delimiter: '\t', newline: '\n' },
      );
    case 'xml':
      return `<?xml version="1.0" encoding="UTF-8"?>\n${xmlBuilder.build(invoiceXmlTree(invoice)) as string}`;
    case 'cxml':
      return invoiceCxmlOf(invoice);
  }
}

/** GET /api/admin/punchout/invoices/{invoiceId}/export?format=tsv|xml|cxml */
export const exportPunchoutInvoice = httpHandler(async (event) => {
  const { format } = parseQuery(event, invoiceExportQuerySchema);
  const invoiceId = invoiceIdSchema.safeParse(event.pathParameters?.invoiceId);
  const invoice = invoiceId.success ? await readInvoice(invoiceId.data) : undefined;
  if (!invoice) throw new HttpError(404, INVOICE_MESSAGES.notFound);
  return {
    statusCode: 200,
    headers: {
      'content-type': CONTENT_TYPES[format],
      'content-disposition': `attachment; filename="${invoiceFileName(invoice.id, format)}"`,
      'cache-control': 'no-store',
    },
    body: await fileOf(invoice, format),
  };
});
