import { Badge, Box, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import {
  PRICE_MATCH_STATUS_LABELS,
  priceMatchCodeText,
  type CustomerPriceMatch,
} from '#domain/price-match/price-match';
import { formatCents } from '#domain/pricing/money';
import type { Resource } from '../../lib/use-resource';

const STATUS_PALETTE = { requested: 'gray', approved: 'green', declined: 'red' } as const;

/** My Account's price match requests, newest first, each with its code or the reason it was declined; nothing until there is one. */
export function PriceMatchesCard({ state }: { state: Resource<CustomerPriceMatch[]> }) {
  if (state.kind !== 'loaded' || state.data.length === 0) return null;
  return (
    <Box
      as="section"
      aria-labelledby="price-matches-heading"
      bg="white"
      borderWidth="1px"
      rounded="lg"
      p={{ base: 4, md: 6 }}
    >
      <Heading id="price-matches-heading" as="h2" size="lg" color="brand.800" mb="4">
        Price Match Requests
      </Heading>
      <Stack as="ul" gap="3" p="0" m="0">
        {state.data.map((request) => (
          <Box
            as="li"
            key={request.id}
            listStyleType="none"
            borderWidth="1px"
            borderColor="gray.200"
            rounded="lg"
            p="4"
          >
            <Flex justify="space-between" gap="2" wrap="wrap" align="baseline">
              <Text fontWeight="semibold">
                {request.configuration.quantity} x {request.title}
              </Text>
              <Badge colorPalette={STATUS_PALETTE[request.status]}>{PRICE_MATCH_STATUS_LABELS[request.status]}</Badge>
            </Flex>
            <Text fontSize="sm" color="gray.700">
              {request.competitorName}: {formatCents(request.competitorUnitCents)} a blind, against our{' '}
              {formatCents(request.ourUnitCents)}
            </Text>
            {request.code && (
              <Text fontSize="sm" mt="1">
                Code <strong>{request.code.code}</strong>: {priceMatchCodeText(request.code, request.configuration)}.
              </Text>
            )}
            {request.declineReason && (
              <Text fontSize="sm" mt="1">
                {request.declineReason}
              </Text>
            )}
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
