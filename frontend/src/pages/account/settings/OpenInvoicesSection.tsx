import { Badge, Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { readableDate } from '#domain/appointments/schedule';
import { RECEIVABLE_STANDING_LABELS } from '#domain/account-invoices/account-invoice';
import { formatCents } from '#domain/pricing/money';
import { fetchMyInvoices, type AccountInvoiceView } from '../../../api/account-invoices';
import { InvoicePdfButton } from '../../../components/invoices/InvoicePdfButton';
import { LoadFailed, Loading } from '../../../components/layout/LoadState';
import { useResource } from '../../../lib/use-resource';

function OpenInvoice({ invoice }: { invoice: AccountInvoiceView }) {
  const overdue = invoice.standing === 'overdue';
  return (
    <Box
      as="li"
      listStyleType="none"
      borderWidth="1px"
      borderColor="gray.200"
      rounded="lg"
      p="4"
      data-testid="open-invoice"
    >
      <Flex justify="space-between" align="baseline" gap="2" wrap="wrap">
        <Heading as="h4" size="sm" color="brand.800">
          Invoice {invoice.id}
        </Heading>
        <Text fontWeight="semibold">{formatCents(invoice.totalCents)}</Text>
      </Flex>
      <Text fontSize="sm" color="gray.700">
        Order {invoice.orderNumber} · PO {invoice.poNumber}
      </Text>
      <Flex mt="1" gap="2" align="center" wrap="wrap">
        <Text fontSize="sm">Due {readableDate(invoice.dueOn)}</Text>
        <Badge colorPalette={overdue ? 'red' : 'yellow'} variant="subtle">
          {RECEIVABLE_STANDING_LABELS[invoice.standing]}
        </Badge>
      </Flex>
      <Flex mt="3" gap="2" wrap="wrap">
        {invoice.payUrl ? (
          <Button asChild size="sm" colorPalette="brand">
            <a href={invoice.payUrl} aria-label={`Pay invoice ${invoice.id} (${formatCents(invoice.totalCents)})`}>
              Pay
            </a>
          </Button>
        ) : (
          <Text fontSize="sm" color="gray.700">
            Being prepared: the payment link follows shortly.
          </Text>
        )}
        <InvoicePdfButton invoiceId={invoice.id} />
      </Flex>
    </Box>
  );
}

/**
 * A client on account's unpaid invoices, soonest due first, each with its due date, a "Pay" link to
 * Stripe's hosted invoice page (card or bank transfer) and its PDF. Nothing for a client who was never
 * invoiced.
 */
export function OpenInvoicesSection() {
  const { state, reload } = useResource(fetchMyInvoices);
  if (state.kind === 'loading') return <Loading mb="5">Loading your invoices…</Loading>;
  if (state.kind === 'failed')
    return (
      <Box mb="5">
        <LoadFailed title="Could not load your invoices." onRetry={reload} />
      </Box>
    );
  if (state.data.length === 0) return null;
  const unpaid = state.data.filter((invoice) => invoice.standing !== 'paid');
  return (
    <Box as="section" aria-labelledby="open-invoices-heading" mb="5">
      <Heading as="h3" id="open-invoices-heading" size="md" color="brand.800" mb="3">
        Open invoices
      </Heading>
      {unpaid.length === 0 ? (
        <Text color="gray.700">You have no open invoices. Thank you for paying on time.</Text>
      ) : (
        <Stack as="ul" gap="3" p="0">
          {unpaid.map((invoice) => (
            <OpenInvoice key={invoice.id} invoice={invoice} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
