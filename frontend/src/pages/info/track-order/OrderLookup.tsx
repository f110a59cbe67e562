import { Alert, Box, Button, chakra, Flex, Heading, Input, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { ORDER_MESSAGES } from '#domain/orders/messages';
import { trackOrderQuerySchema } from '#domain/orders/requests';
import { trackOrder, type TrackedOrder, type TrackOrderResult } from '../../../api/orders';
import { FormField, firstMessageByField, focusFirstInvalid } from '../../../components/form/FormField';
import { AddressBlock, OrderLineList, OrderTimeline, ShipmentDetails, SummaryRows } from '../../orders/OrderParts';
import { shopDate } from '#domain/orders/invoice';
import { installationNote } from '#domain/orders/lifecycle';
import { orderSummaryRows, trackingStatusLabel } from '../../orders/order-display';

const FIELD_ORDER = ['orderNumber', 'email'] as const;

/** What anyone with the order number and e-mail may see: where the order stands, what it holds and where it goes. */
function TrackedOrderCard({ order }: { order: TrackedOrder }) {
  return (
    <Box
      as="article"
      aria-labelledby="tracked-order-heading"
      mt={6}
      maxW="3xl"
      borderWidth="1px"
      borderRadius="lg"
      p={{ base: 4, md: 6 }}
      bg="white"
    >
      <Flex justify="space-between" align="baseline" wrap="wrap" gap="2" mb="4">
        <Heading as="h3" id="tracked-order-heading" size="lg" color="brand.800">
          Order {order.orderNumber}
        </Heading>
        <Text color="gray.700">Placed {shopDate(order.createdAt)}</Text>
      </Flex>
      <Stack gap="6">
        <OrderTimeline order={order} statusLabel={trackingStatusLabel(order.status)} />
        {order.shipment && <ShipmentDetails shipment={order.shipment} />}
        <Box>
          <Heading as="h4" size="sm" color="brand.800" mb="2">
            Items
          </Heading>
          <OrderLineList lines={order.lines} samples={order.samples} />
        </Box>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
          <Box>
            <Heading as="h4" size="sm" color="brand.800" mb="2">
              Summary
            </Heading>
            <SummaryRows rows={orderSummaryRows(order.totals, order.channel)} />
          </Box>
          <Stack gap="3">
            <AddressBlock title="Shipping address" address={order.shippingAddress} headingLevel="h4" />
            {installationNote(order) && <Text color="gray.800">{installationNote(order)}</Text>}
          </Stack>
        </SimpleGrid>
      </Stack>
    </Box>
  );
}

/** The order number and e-mail form, and the order it finds. */
export function OrderLookup() {
  const [searchParams] = useSearchParams();
  const [orderNumber, setOrderNumber] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [searching, setSearching] = useState(false);
  const [result, setResult] = useState<TrackOrderResult | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const track = useCallback(async (values: { orderNumber: string; email: string }) => {
    const parsed = trackOrderQuerySchema.safeParse(values);
    if (!parsed.success) {
      const fieldErrors = firstMessageByField(parsed.error.issues);
      setErrors(fieldErrors);
      setResult(null);
      focusFirstInvalid(formRef.current, FIELD_ORDER, fieldErrors);
      return;
    }
    setErrors({});
    setSearching(true);
    const outcome = await trackOrder(parsed.data.orderNumber, parsed.data.email);
    setSearching(false);
    if (outcome.kind === 'invalid') {
      setErrors(outcome.fieldErrors);
      setResult(null);
    } else {
      setResult(outcome);
    }
  }, []);

  // My Account links here with the order number and e-mail: read after hydration, as the prerendered HTML has no query.
  useEffect(() => {
    const linkedNumber = searchParams.get('orderNumber') ?? '';
    const linkedEmail = searchParams.get('email') ?? '';
    if (!linkedNumber && !linkedEmail) return;
    setOrderNumber(linkedNumber);
    setEmail(linkedEmail);
    if (linkedNumber && linkedEmail) void track({ orderNumber: linkedNumber, email: linkedEmail });
  }, [searchParams, track]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void track({ orderNumber, email });
  }

  return (
    <>
      <chakra.form
        ref={formRef}
        onSubmit={handleSubmit}
        noValidate
        maxW="2xl"
        borderWidth="1px"
        borderRadius="lg"
        p={{ base: 4, md: 6 }}
      >
        <Stack gap={5}>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap={5}>
            <FormField
              id="track-order-number"
              name="orderNumber"
              label="Order number"
              required
              error={errors.orderNumber}
            >
              {(control) => (
                <Input
                  {...control}
                  autoCapitalize="characters"
                  value={orderNumber}
                  onChange={(event) => setOrderNumber(event.target.value)}
                />
              )}
            </FormField>
            <FormField
              id="track-email"
              name="email"
              label="Email"
              required
              // Both fields empty share one message ('both … required'): said once, under the order number.
              error={errors.email === errors.orderNumber ? undefined : errors.email}
              invalid={Boolean(errors.email)}
            >
              {(control) => (
                <Input
                  {...control}
                  type="email"
                  autoComplete="email"
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                />
              )}
            </FormField>
          </SimpleGrid>
          <Box>
            <Button type="submit" colorPalette="brand" loading={searching} loadingText="Tracking...">
              Track Order
            </Button>
          </Box>
        </Stack>
      </chakra.form>

      {result && (result.kind === 'notFound' || result.kind === 'failed') && (
        <Alert.Root status="error" role="alert" mt={6} maxW="2xl">
          <Alert.Indicator />
          <Alert.Title>
            {result.kind === 'notFound'
              ? ORDER_MESSAGES.trackingNotFound
              : (result.message ?? ORDER_MESSAGES.trackingFailed)}
          </Alert.Title>
        </Alert.Root>
      )}
      {result?.kind === 'found' && <TrackedOrderCard order={result.order} />}
      <Text mt={8} color="gray.700">
        Can&apos;t find your order number?{' '}
        <Link asChild color="brand.700" textDecoration="underline">
          <RouterLink to="/contact-us?subject=Order%20status">Contact us</RouterLink>
        </Link>{' '}
        and we will look it up for you.
      </Text>
    </>
  );
}
