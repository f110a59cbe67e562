import { Badge, Box, Button, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatCents } from '#domain/pricing/money';
import type { OrderSummary } from '../../api/orders';
import { Loading } from '../../components/layout/LoadState';
import type { Resource } from '../../lib/use-resource';
import { shopDate } from '#domain/orders/invoice';
import { paymentSettled } from '#domain/orders/lifecycle';
import { accountStatusLabel, paymentStatusLabel } from '../orders/order-display';
import { OrderDetailDialog } from './OrderDetailDialog';

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** /track-order with the order number and the e-mail filled in (the page then looks the order up). */
function trackingLink(orderNumber: string, email: string | null): string {
  return `/track-order?${new URLSearchParams({ orderNumber, ...(email ? { email } : {}) })}`;
}

/** My Account's Order History: the client's orders, newest first, each with View Details and Track Order. */
export function OrderHistoryCard({ state, email }: { state: Resource<OrderSummary[]>; email: string | null }) {
  const [openOrderId, setOpenOrderId] = useState<string | null>(null);
  return (
    <Box
      as="section"
      aria-labelledby="order-history-heading"
      bg="white"
      borderWidth="1px"
      rounded="lg"
      p={{ base: 4, md: 6 }}
    >
      <Heading id="order-history-heading" as="h2" size="lg" color="brand.800" mb="4">
        Order History
      </Heading>
      {state.kind === 'loading' && (
        <Loading size="page" py="8">
          Loading your orders…
        </Loading>
      )}
      {state.kind === 'failed' && <Text color="red.700">Could not load your orders. Please try again.</Text>}
      {state.kind === 'loaded' && state.data.length === 0 && (
        <Stack align="center" py="6" gap="2" textAlign="center">
          <Text fontWeight="semibold">No orders yet</Text>
          <Text color="gray.700">Your orders will appear here once you place one.</Text>
          <Link asChild color="brand.700" fontWeight="medium">
            <RouterLink to="/track-order">Track an order</RouterLink>
          </Link>
        </Stack>
      )}
      {state.kind === 'loaded' && state.data.length > 0 && (
        <Stack as="ul" gap="3" p="0" m="0">
          {state.data.map((order) => (
            <Box
              as="li"
              key={order.id}
              aria-label={`Order ${order.orderNumber}`}
              listStyleType="none"
              borderWidth="1px"
              borderColor="gray.200"
              rounded="lg"
              p="4"
            >
              <Flex justify="space-between" gap="3" wrap="wrap" align="baseline">
                <Heading as="h3" size="md" color="brand.800">
                  {order.orderNumber}
                </Heading>
                <Text fontWeight="bold">{formatCents(order.totalCents)}</Text>
              </Flex>
              <Flex mt="1" gap="2" wrap="wrap" align="center" fontSize="sm" color="gray.700">
                <Text>Placed {shopDate(order.createdAt)}</Text>
                <Text aria-hidden>·</Text>
                <Text>
                  {[
                    order.blindCount > 0 && plural(order.blindCount, 'blind'),
                    order.sampleCount > 0 && plural(order.sampleCount, 'sample'),
                  ]
                    .filter(Boolean)
                    .join(', ')}
                </Text>
                <Badge colorPalette="brand" variant="subtle">
                  {accountStatusLabel(order.status)}
                </Badge>
                <Badge colorPalette={paymentSettled(order.paymentStatus) ? 'green' : 'gray'} variant="subtle">
                  Payment: {paymentStatusLabel(order.paymentStatus)}
                </Badge>
              </Flex>
              <Flex mt="3" gap="2" wrap="wrap">
                <Button size="sm" colorPalette="brand" onClick={() => setOpenOrderId(order.id)}>
                  View Details
                </Button>
                <Button asChild size="sm" variant="outline" colorPalette="brand">
                  <RouterLink to={trackingLink(order.orderNumber, email)}>Track Order</RouterLink>
                </Button>
              </Flex>
            </Box>
          ))}
        </Stack>
      )}
      <OrderDetailDialog orderId={openOrderId} onClose={() => setOpenOrderId(null)} />
    </Box>
  );
}
