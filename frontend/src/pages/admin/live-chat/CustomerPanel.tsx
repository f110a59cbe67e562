import { Badge, Box, Button, Flex, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useState } from 'react';
import type { ChatCustomerPanel } from '#domain/chat/api';
import { formatCents } from '#domain/pricing/money';
import { accountStatusLabel } from '../../orders/order-display';
import { PROPERTY_TYPE_LABELS } from '../../properties/PropertyFormDialog';
import { fetchChatCustomerPanel } from '../chat-api';
import { staffDateTimeFormat } from '../RecordDetail';

type SignedInPanel = Extract<ChatCustomerPanel, { signedIn: true }>;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box as="section" aria-label={title}>
      <Heading as="h3" size="sm" color="brand.800" mb="2">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

function Cart({ cart }: { cart: SignedInPanel['cart'] }) {
  if (!cart || cart.items.length === 0) return <Text color="gray.700">No items in the cart.</Text>;
  return (
    <Stack gap="2">
      <Box as="ul" m="0" p="0">
        {cart.items.map((line) => (
          <Box as="li" key={line.id} listStyleType="none" py="2" borderBottomWidth="1px" borderColor="gray.100">
            <Flex justify="space-between" gap="2">
              <Text fontWeight="medium">{line.title}</Text>
              <Text whiteSpace="nowrap">{formatCents(line.lineCents)}</Text>
            </Flex>
            <Text fontSize="xs" color="gray.700">
              {line.quantity} × {formatCents(line.unitCents)}
              {line.description.length > 0 && ` · ${line.description.join(' · ')}`}
            </Text>
          </Box>
        ))}
      </Box>
      <Box as="dl" display="grid" gridTemplateColumns="1fr auto" gap="1" fontSize="sm" m="0">
        <dt>Subtotal</dt>
        <Box as="dd" m="0" textAlign="right">
          {formatCents(cart.subtotalCents)}
        </Box>
        <dt>Estimated tax</dt>
        <Box as="dd" m="0" textAlign="right">
          {formatCents(cart.estimatedTaxCents)}
        </Box>
        <Box as="dt" fontWeight="semibold">
          Estimated total
        </Box>
        <Box as="dd" m="0" textAlign="right" fontWeight="semibold">
          {formatCents(cart.estimatedTotalCents)}
        </Box>
      </Box>
    </Stack>
  );
}

function Orders({ orders }: { orders: SignedInPanel['orders'] }) {
  if (orders.length === 0) return <Text color="gray.700">No orders yet.</Text>;
  return (
    <Box as="ul" m="0" p="0">
      {orders.map((order) => (
        <Box as="li" key={order.id} listStyleType="none" py="2" borderBottomWidth="1px" borderColor="gray.100">
          <Flex justify="space-between" gap="2" align="center">
            <Text fontWeight="medium">{order.orderNumber}</Text>
            <Badge colorPalette="brand" variant="subtle">
              {accountStatusLabel(order.status)}
            </Badge>
          </Flex>
          <Text fontSize="xs" color="gray.700">
            <time dateTime={order.createdAt}>{staffDateTimeFormat.format(new Date(order.createdAt))}</time> ·{' '}
            {formatCents(order.totalCents)}
          </Text>
        </Box>
      ))}
    </Box>
  );
}

function Properties({ properties }: { properties: SignedInPanel['properties'] }) {
  if (properties.length === 0) return <Text color="gray.700">No properties.</Text>;
  return (
    <Box as="ul" m="0" p="0">
      {properties.map((property) => (
        <Box as="li" key={property.id} listStyleType="none" py="2" borderBottomWidth="1px" borderColor="gray.100">
          <Text fontWeight="medium">{property.name}</Text>
          <Text fontSize="xs" color="gray.700">
            {[property.address1, property.address2, `${property.city}, ${property.state} ${property.zipCode}`]
              .filter(Boolean)
              .join(', ')}
          </Text>
          <Text fontSize="xs" color="gray.700">
            {PROPERTY_TYPE_LABELS[property.propertyType]} · {property.totalUnitsCount}{' '}
            {property.totalUnitsCount === 1 ? 'unit' : 'units'}
          </Text>
        </Box>
      ))}
    </Box>
  );
}

/**
 * Beside the thread, for a signed-in customer: what they are looking at (their cart with its lines
 * and totals, their recent orders with status, their properties), read only.
 */
export function CustomerPanel({ sessionId }: { sessionId: string }) {
  const [panel, setPanel] = useState<ChatCustomerPanel | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(() => {
    setFailed(false);
    let current = true;
    fetchChatCustomerPanel(sessionId).then(
      (answer) => current && setPanel(answer),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [sessionId]);
  useEffect(load, [load]);

  return (
    <Box
      as="aside"
      aria-label="Customer details"
      borderWidth="1px"
      borderColor="gray.200"
      rounded="lg"
      bg="white"
      p="4"
      overflowY="auto"
      minH="0"
    >
      {failed ? (
        <Stack align="start" gap="2">
          <Text>Could not load the customer&apos;s details.</Text>
          <Button size="sm" variant="outline" colorPalette="brand" onClick={load}>
            Retry
          </Button>
        </Stack>
      ) : panel === null ? (
        <Flex gap="2" align="center" role="status">
          <Spinner size="sm" color="brand.600" />
          <Text>Loading the customer&apos;s details</Text>
        </Flex>
      ) : !panel.signedIn ? (
        <Text color="gray.700">A visitor who is not signed in.</Text>
      ) : (
        <Stack gap="5">
          {panel.customer && (
            <Section title="Customer">
              <Text fontWeight="medium">
                {panel.customer.firstName} {panel.customer.lastName}
              </Text>
              <Text fontSize="sm">
                <a href={`mailto:${panel.customer.email}`}>{panel.customer.email}</a>
              </Text>
              {panel.customer.phone && <Text fontSize="sm">{panel.customer.phone}</Text>}
            </Section>
          )}
          <Section title="Cart">
            <Cart cart={panel.cart} />
          </Section>
          <Section title="Recent orders">
            <Orders orders={panel.orders} />
          </Section>
          <Section title="Properties">
            <Properties properties={panel.properties} />
          </Section>
        </Stack>
      )}
    </Box>
  );
}
