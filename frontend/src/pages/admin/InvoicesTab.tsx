import { Badge, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatCents } from '#domain/pricing/money';
import {
  INVOICE_EXPORT_FORMATS,
  invoiceFileName,
  type InvoiceDeliveryStatus,
  type InvoiceExportFormat,
  type InvoiceSummary,
} from '#domain/punchout/invoice';
import { toaster } from '../../components/layout/toast-queue';
import { saveAs } from '../../lib/save-file';
import { exportInvoice, fetchInvoicesPage } from './punchout-api';
import { PagedSection, usePagedList } from './PagedList';
import { RecordList } from './RecordList';

const invoicesPage = (cursor: string | null) =>
  fetchInvoicesPage(cursor).then(({ invoices, nextCursor }) => ({ items: invoices, nextCursor }));

const FORMAT_LABELS: Record<InvoiceExportFormat, string> = { tsv: 'TSV', xml: 'XML', cxml: 'cXML' };
const FORMAT_TYPES: Record<InvoiceExportFormat, string> = {
  tsv: 'text/tab-separated-values;charset=utf-8',
  xml: 'application/xml;charset=utf-8',
  cxml: 'application/xml;charset=utf-8',
};

/** Where the cXML invoice sent to the buyer's invoice address is; `none` (no address) shows nothing. */
const DELIVERY_LABELS: Record<Exclude<InvoiceDeliveryStatus, 'none'>, { label: string; palette: string }> = {
  pending: { label: 'Sending to buyer', palette: 'yellow' },
  delivered: { label: 'Sent to buyer', palette: 'green' },
  failed: { label: 'Sending to buyer failed', palette: 'red' },
};

function Statuses({ invoice }: { invoice: InvoiceSummary }) {
  const delivery = invoice.delivery.status === 'none' ? null : DELIVERY_LABELS[invoice.delivery.status];
  return (
    <Stack gap="1">
      <Flex gap="1" wrap="wrap">
        <Badge colorPalette="brand" variant="subtle" textTransform="capitalize">
          {invoice.status}
        </Badge>
        {delivery && (
          <Badge colorPalette={delivery.palette} variant="subtle">
            {delivery.label}
          </Badge>
        )}
      </Flex>
      {invoice.delivery.detail && (
        <Text fontSize="xs" color="gray.700" overflowWrap="anywhere">
          {invoice.delivery.detail}
        </Text>
      )}
    </Stack>
  );
}

function ExportButtons({ invoice }: { invoice: InvoiceSummary }) {
  const [exporting, setExporting] = useState<InvoiceExportFormat | null>(null);
  async function download(format: InvoiceExportFormat) {
    setExporting(format);
    try {
      saveAs(invoiceFileName(invoice.id, format), await exportInvoice(invoice.id, format), FORMAT_TYPES[format]);
      toaster.create({ type: 'success', title: `Invoice exported as ${format.toUpperCase()}` });
    } catch {
      toaster.create({ type: 'error', title: 'Export failed' });
    } finally {
      setExporting(null);
    }
  }
  return (
    <Flex gap="2" wrap="wrap">
      {INVOICE_EXPORT_FORMATS.map((format) => (
        <Button
          key={format}
          size="xs"
          variant="outline"
          colorPalette="brand"
          loading={exporting === format}
          disabled={exporting !== null && exporting !== format}
          onClick={() => download(format)}
          aria-label={`Export ${FORMAT_LABELS[format]} of invoice ${invoice.invoiceNumber}`}
        >
          Export {FORMAT_LABELS[format]}
        </Button>
      ))}
    </Flex>
  );
}

/** A table from md up; cards on a phone. */
function InvoiceList({ invoices }: { invoices: InvoiceSummary[] }) {
  const total = (invoice: InvoiceSummary) => formatCents(invoice.totalCents);
  const statuses = (invoice: InvoiceSummary) => <Statuses invoice={invoice} />;
  const exports = (invoice: InvoiceSummary) => <ExportButtons invoice={invoice} />;
  return (
    <RecordList
      records={invoices}
      keyOf={(invoice) => invoice.id}
      columns={[
        {
          header: 'Invoice',
          cell: (invoice) => invoice.invoiceNumber,
          cellProps: { fontWeight: 'semibold', whiteSpace: 'nowrap' },
        },
        {
          header: 'Order',
          cell: (invoice) => (
            <>
              {invoice.orderNumber}
              <Text fontSize="xs" color="gray.700">
                PO {invoice.buyerOrderId}
              </Text>
            </>
          ),
          cellProps: { whiteSpace: 'nowrap' },
        },
        { header: 'Status', cell: statuses },
        { header: 'Total', align: 'end', cell: total },
        { header: 'Export', cell: exports },
      ]}
      card={{
        title: (invoice) => invoice.invoiceNumber,
        aside: total,
        details: [
          { label: 'Order', value: (invoice) => `${invoice.orderNumber} (PO ${invoice.buyerOrderId})` },
          { label: 'Status', value: statuses },
        ],
        actions: exports,
      }}
    />
  );
}

/** The punch-out orders' invoices, newest first, each exported as TSV, XML or a cXML InvoiceDetailRequest. */
export function InvoicesTab() {
  const list = usePagedList(invoicesPage);
  const toolbar = (
    <Button
      alignSelf="start"
      variant="outline"
      colorPalette="brand"
      onClick={list.reload}
      loading={list.state.kind === 'loading'}
      loadingText="Refreshing..."
    >
      Refresh Invoices
    </Button>
  );
  return (
    <PagedSection
      id="admin-invoices"
      title="Invoice Management"
      noun="invoices"
      list={list}
      toolbar={toolbar}
      emptyText="No invoices yet: a punch-out order gets its invoice when it ships."
    >
      {(items) => <InvoiceList invoices={items} />}
    </PagedSection>
  );
}
