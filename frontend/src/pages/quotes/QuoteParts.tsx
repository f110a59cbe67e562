import { Alert, Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { quoteReference, type CustomerQuoteView, type SharedQuoteView } from '#domain/customer-quotes/customer-quote';
import { quoteAmountRows } from '#domain/customer-quotes/quote-document';
import { shopDate } from '#domain/orders/invoice';
import { formatCents } from '#domain/pricing/money';
import { fetchQuotePdf } from '../../api/customer-quotes';
import { toaster } from '../../components/layout/toast-queue';
import { saveAs } from '../../lib/save-file';
import { AddressBlock, OrderLineList, SummaryRows } from '../orders/OrderParts';
import { QuoteStatusBadge } from './QuoteStatusBadge';

type QuoteShown = Pick<
  CustomerQuoteView | SharedQuoteView,
  | 'number'
  | 'version'
  | 'status'
  | 'statusLabel'
  | 'createdAt'
  | 'validUntil'
  | 'lines'
  | 'totals'
  | 'staffNote'
  | 'shippingAddress'
>;

/** The quote's rows as its PDF words them; while the freight is unpriced, a row that says so instead of a total. */
function quoteRows(quote: QuoteShown) {
  const rows = quoteAmountRows(quote).map((row) => ({
    label: row.label,
    value: formatCents(row.cents),
    strong: row.isTotal,
  }));
  return quote.totals.totalCents === null ? [...rows, { label: 'Freight', value: 'To be priced by our team' }] : rows;
}

/**
 * A quote's heading, validity, staff's note, where it ships (its shipping and tax follow the address),
 * lines and totals: the same on the owner's page, the share page and in admin.
 */
export function QuoteDetails({ quote, headingLevel = 'h1' }: { quote: QuoteShown; headingLevel?: 'h1' | 'h2' }) {
  return (
    <Stack gap="5">
      <Box>
        <Flex gap="3" align="center" wrap="wrap">
          <Heading as={headingLevel} size={headingLevel === 'h1' ? '3xl' : 'xl'} fontFamily="heading" color="brand.800">
            Quote {quoteReference(quote)}
          </Heading>
          <QuoteStatusBadge status={quote.status} label={quote.statusLabel} />
        </Flex>
        <Text mt="1" color="gray.700">
          Made {shopDate(quote.createdAt)} · valid until {shopDate(quote.validUntil)}
        </Text>
      </Box>
      {quote.staffNote && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>A note from our team</Alert.Title>
            <Alert.Description>{quote.staffNote}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <AddressBlock
        title="Ships to"
        address={quote.shippingAddress}
        headingLevel={headingLevel === 'h1' ? 'h2' : 'h3'}
      />
      <OrderLineList lines={quote.lines} samples={[]} />
      <SummaryRows rows={quoteRows(quote)} testId="quote-totals" />
    </Stack>
  );
}

/** Downloads the quote's PDF (the owner's through their sign-in, anyone's through the share link). */
export function PdfButton({ from, fileName }: { from: { quoteId: string } | { token: string }; fileName: string }) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      saveAs(fileName, await fetchQuotePdf(from), 'application/pdf');
    } catch {
      toaster.create({ type: 'error', title: 'Could not download the PDF. Please try again.' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="outline" colorPalette="brand" onClick={download} loading={busy} loadingText="Preparing PDF…">
      Download PDF
    </Button>
  );
}

export const pdfFileName = (quote: Pick<QuoteShown, 'number' | 'version'>) =>
  `quote-${quoteReference(quote).replace(' ', '-')}.pdf`;
