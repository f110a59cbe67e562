import { Alert, Container, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useCallback } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { QUOTE_MESSAGES, type SharedQuoteView } from '#domain/customer-quotes/customer-quote';
import { BUSINESS } from '../../business';
import { ApiError } from '../../api/client';
import { fetchSharedQuote } from '../../api/customer-quotes';
import { LoadState } from '../../components/layout/LoadState';
import { useResource } from '../../lib/use-resource';
import { PdfButton, pdfFileName, QuoteDetails } from './QuoteParts';

/** Where a replaced quote's newer version is, on this site. */
const sitePath = (url: string) => new URL(url).pathname;

function SharedStanding({ quote }: { quote: SharedQuoteView }) {
  if (quote.status === 'replaced' && quote.replacedByShareUrl)
    return (
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{QUOTE_MESSAGES.replaced({ reference: quote.replacedByReference ?? '' })}</Alert.Title>
          <Link asChild color="brand.700" fontWeight="semibold">
            <RouterLink to={sitePath(quote.replacedByShareUrl)}>Open {quote.replacedByReference}</RouterLink>
          </Link>
        </Alert.Content>
      </Alert.Root>
    );
  if (quote.status === 'expired')
    return (
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Description>{QUOTE_MESSAGES.expired(quote)}</Alert.Description>
      </Alert.Root>
    );
  if (quote.status === 'awaitingPricing')
    return (
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Description>{QUOTE_MESSAGES.awaitingPricing}</Alert.Description>
      </Alert.Root>
    );
  return null;
}

/** /quotes/shared/:token: a quote as its customer shared it, read-only, with its PDF; no sign-in. */
export default function SharedQuotePage() {
  const { token = '' } = useParams();
  const load = useCallback(({ signal }: { signal: AbortSignal }) => fetchSharedQuote(token, { signal }), [token]);
  const quote = useResource(load);
  return (
    <Container maxW="5xl" py={{ base: '8', md: '12' }} px={{ base: '4', md: '8' }}>
      <LoadState
        resource={quote.state}
        loading="Loading the quote…"
        loadingProps={{ size: 'page' }}
        onRetry={quote.reload}
        failed={(error) => (
          <Stack gap="3">
            <Heading as="h1" size="2xl" color="brand.800">
              {error instanceof ApiError && error.status === 404
                ? QUOTE_MESSAGES.linkInvalid
                : 'Could not load the quote'}
            </Heading>
            <Text color="gray.700">
              Questions? Call {BUSINESS.phoneDisplay} or write to {BUSINESS.email}.
            </Text>
          </Stack>
        )}
      >
        {(data) => (
          <Stack gap="6">
            <QuoteDetails quote={data} />
            <Text color="gray.700">
              Prepared for {data.customerName}. To accept it, {data.customerName} signs in to their account with{' '}
              {BUSINESS.name}.
            </Text>
            <SharedStanding quote={data} />
            <PdfButton from={{ token }} fileName={pdfFileName(data)} />
          </Stack>
        )}
      </LoadState>
    </Container>
  );
}
