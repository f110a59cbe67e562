import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { QuoteSummary } from '#domain/customer-quotes/customer-quote';
import { shopDate } from '#domain/orders/invoice';
import { formatCents } from '#domain/pricing/money';
import { Loading } from '../../components/layout/LoadState';
import type { Resource } from '../../lib/use-resource';
import { QuoteStatusBadge } from '../quotes/QuoteStatusBadge';

/** My Account's Quotes: each saved quote with its status, last valid day and total, newest first. */
export function QuotesCard({ state }: { state: Resource<QuoteSummary[]> }) {
  return (
    <Box as="section" aria-labelledby="quotes-heading" bg="white" borderWidth="1px" rounded="lg" p={{ base: 4, md: 6 }}>
      <Heading id="quotes-heading" as="h2" size="lg" color="brand.800" mb="4">
        Quotes
      </Heading>
      {state.kind === 'loading' && <Loading>Loading your quotes…</Loading>}
      {state.kind === 'failed' && <Text color="red.700">Could not load your quotes. Please try again.</Text>}
      {state.kind === 'loaded' && state.data.length === 0 && (
        <Text color="gray.700">
          No quotes yet. In your cart, choose Save as quote to keep today&apos;s prices for 30 days and share them.
        </Text>
      )}
      {state.kind === 'loaded' && state.data.length > 0 && (
        <Stack as="ul" gap="3" p="0" m="0">
          {state.data.map((quote) => (
            <Box
              as="li"
              key={quote.id}
              aria-label={`Quote ${quote.reference}`}
              listStyleType="none"
              borderWidth="1px"
              borderColor="gray.200"
              rounded="lg"
              p="4"
            >
              <Flex justify="space-between" gap="3" wrap="wrap" align="baseline">
                <Heading as="h3" size="md" color="brand.800">
                  {quote.reference}
                </Heading>
                <Text fontWeight="bold">
                  {quote.totalCents === null ? 'Freight to be priced' : formatCents(quote.totalCents)}
                </Text>
              </Flex>
              <Flex mt="1" gap="2" wrap="wrap" align="center" fontSize="sm" color="gray.700">
                <Text>
                  {quote.blindCount} blind{quote.blindCount === 1 ? '' : 's'} · valid until {shopDate(quote.validUntil)}
                </Text>
                <QuoteStatusBadge status={quote.status} label={quote.statusLabel} />
              </Flex>
              <Button asChild mt="3" size="sm" colorPalette="brand">
                <RouterLink to={`/account/quotes/${quote.id}`} aria-label={`Open quote ${quote.reference}`}>
                  Open
                </RouterLink>
              </Button>
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}
