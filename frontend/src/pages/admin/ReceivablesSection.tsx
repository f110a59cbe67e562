import { Badge, Box, Button, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import {
  DEFAULT_RECEIVABLES_PAID_PERIOD,
  RECEIVABLES_PAID_PERIODS,
  RECEIVABLE_STANDING_LABELS,
  RECEIVABLE_STANDINGS,
  type ClientReceivables,
  type ReceivableStanding,
  type ReceivablesBuckets,
} from '#domain/account-invoices/account-invoice';
import { readableDate } from '#domain/appointments/schedule';
import { formatCents } from '#domain/pricing/money';
import { fetchReceivables, type AccountInvoiceView } from '../../api/account-invoices';
import { LabelledSelect } from '../../components/form/LabelledSelect';
import { InvoicePdfButton } from '../../components/invoices/InvoicePdfButton';
import { LoadFailed, Loading } from '../../components/layout/LoadState';
import { useResource } from '../../lib/use-resource';
import { RecordList } from './RecordList';

const STANDING_PALETTES: Record<ReceivableStanding, string> = { open: 'yellow', overdue: 'red', paid: 'green' };

function StandingBadge({ standing }: { standing: ReceivableStanding }) {
  return (
    <Badge colorPalette={STANDING_PALETTES[standing]} variant="subtle">
      {RECEIVABLE_STANDING_LABELS[standing]}
    </Badge>
  );
}

/** Open, overdue and paid: how many invoices and how much, side by side. */
function Totals({ totals, label }: { totals: ReceivablesBuckets; label: string }) {
  return (
    <SimpleGrid as="dl" columns={{ base: 1, sm: 3 }} gap="2" aria-label={label}>
      {RECEIVABLE_STANDINGS.map((standing) => (
        <Box key={standing} borderWidth="1px" borderColor="gray.200" rounded="md" p="3">
          <Text as="dt" fontSize="sm" color="gray.700">
            {RECEIVABLE_STANDING_LABELS[standing]} ({totals[standing].count})
          </Text>
          <Text
            as="dd"
            fontWeight="semibold"
            color={standing === 'overdue' && totals.overdue.count > 0 ? 'red.700' : undefined}
          >
            {formatCents(totals[standing].totalCents)}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}

function ClientInvoices({ client }: { client: ClientReceivables }) {
  const amount = (invoice: AccountInvoiceView) => formatCents(invoice.totalCents);
  const order = (invoice: AccountInvoiceView) => `${invoice.orderNumber} (PO ${invoice.poNumber})`;
  const due = (invoice: AccountInvoiceView) => readableDate(invoice.dueOn);
  const standing = (invoice: AccountInvoiceView) => <StandingBadge standing={invoice.standing} />;
  const pdf = (invoice: AccountInvoiceView) => <InvoicePdfButton invoiceId={invoice.id} asStaff size="xs" />;
  const headingId = `receivables-${client.clientId}`;
  return (
    <Box as="section" aria-labelledby={headingId} data-testid="client-receivables">
      <Heading as="h3" id={headingId} size="md" color="brand.800">
        {client.name}
      </Heading>
      <Text fontSize="sm" color="gray.700" mb="2">
        {client.email}
      </Text>
      <Totals totals={client.totals} label={`${client.name}'s totals`} />
      <Box mt="3">
        <RecordList
          records={client.invoices}
          keyOf={(invoice) => invoice.id}
          columns={[
            {
              header: 'Invoice',
              cell: (invoice) => invoice.id,
              cellProps: { fontWeight: 'semibold', whiteSpace: 'nowrap' },
            },
            { header: 'Order', cell: order },
            { header: 'Due date', cell: due },
            { header: 'Amount', align: 'end', cell: amount },
            { header: 'Status', cell: standing },
            { header: 'PDF', headerHidden: true, cell: pdf },
          ]}
          card={{
            title: (invoice) => `Invoice ${invoice.id}`,
            aside: amount,
            details: [
              { label: 'Order', value: order },
              { label: 'Due date', value: due },
              { label: 'Status', value: standing },
            ],
            actions: pdf,
          }}
        />
      </Box>
    </Box>
  );
}

const PAID_PERIOD_OPTIONS = RECEIVABLES_PAID_PERIODS.map((days) => ({ value: days, label: `Last ${days} days` }));

/**
 * Staff's receivables: every client on account's open and overdue invoices, and those paid in the
 * period chosen, with totals; clients owing overdue money first.
 */
export function ReceivablesSection() {
  const [paidWithinDays, setPaidWithinDays] = useState<string>(DEFAULT_RECEIVABLES_PAID_PERIOD);
  const load = useCallback(
    (request: { signal: AbortSignal }) => fetchReceivables(paidWithinDays, request),
    [paidWithinDays],
  );
  const { state, reload } = useResource(load);
  return (
    <Stack as="section" aria-labelledby="receivables-heading" gap="4">
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <Heading as="h2" id="receivables-heading" size="lg">
          Receivables
        </Heading>
        <Button
          variant="outline"
          colorPalette="brand"
          onClick={reload}
          loading={state.kind === 'loading'}
          loadingText="Refreshing..."
        >
          Refresh Receivables
        </Button>
      </Flex>
      <Text color="gray.700">
        Invoices of orders placed on account, issued when they ship: every unpaid one, and those paid in the period
        chosen.
      </Text>
      <Box maxW="xs">
        <LabelledSelect
          label="Paid invoices"
          value={paidWithinDays}
          options={PAID_PERIOD_OPTIONS}
          onChange={setPaidWithinDays}
        />
      </Box>
      {state.kind === 'loading' && <Loading>Loading receivables…</Loading>}
      {state.kind === 'failed' && <LoadFailed title="Could not load the receivables." onRetry={reload} />}
      {state.kind === 'loaded' &&
        (state.data.clients.length === 0 ? (
          <Text>No unpaid invoices, and none paid in the last {paidWithinDays} days.</Text>
        ) : (
          <>
            <Totals totals={state.data.totals} label="All clients' totals" />
            {state.data.clients.map((client) => (
              <ClientInvoices key={client.clientId} client={client} />
            ))}
          </>
        ))}
    </Stack>
  );
}
