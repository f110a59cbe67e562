import { Box, Button, Container, DataList, Flex, Heading, List, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { onAccountLabel, PAYMENT_TERMS_LABELS } from '#domain/accounts/payment-terms';
import { nextSteps } from '#domain/orders/next-steps';
import { ORDER_MESSAGES } from '#domain/orders/messages';
import type { OrderDetail } from '#domain/orders/responses';
import { formatCents } from '#domain/pricing/money';
import { announceCartChanged } from '../../api/cart';
import { fetchOrderOfCheckoutSession } from '../../api/checkout';
import { ApiError } from '../../api/client';
import { fetchOrder } from '../../api/orders';
import { removeStorage } from '../../lib/browser-storage';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { useSignInWhenUnauthorized } from '../../lib/sign-in-redirect';
import { accountStatusLabel, paymentStatusLabel } from '../orders/order-display';
import { CONFIRMATION_POLL_INTERVAL_MS, confirmationView, type ConfirmationView } from './payment-confirmation';

type PageState =
  | { kind: 'loading' }
  | { kind: 'notFound' }
  | { kind: 'failed' }
  | { kind: 'order'; order: OrderDetail; view: ConfirmationView | 'onAccount' };

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container maxW="3xl" py={{ base: '8', md: '12' }} px={{ base: '4', md: '8' }}>
      <Heading as="h1" size="3xl" fontFamily="heading" color="brand.800">
        {title}
      </Heading>
      <Stack mt="6" gap="6">
        {children}
      </Stack>
    </Container>
  );
}

function Links({ primary }: { primary: 'account' | 'cart' | 'home' }) {
  return (
    <Flex gap="3" wrap="wrap">
      {primary === 'cart' && (
        <Button asChild colorPalette="brand">
          <RouterLink to="/cart">Return to Cart</RouterLink>
        </Button>
      )}
      {primary !== 'home' && (
        <Button asChild colorPalette="brand" variant={primary === 'account' ? 'solid' : 'outline'}>
          <RouterLink to="/account">View My Account</RouterLink>
        </Button>
      )}
      <Button asChild colorPalette="brand" variant={primary === 'home' ? 'solid' : 'outline'}>
        <RouterLink to="/">Continue Shopping</RouterLink>
      </Button>
    </Flex>
  );
}

function OrderFacts({ order }: { order: OrderDetail }) {
  const payment: ReadonlyArray<readonly [string, string]> =
    order.channel === 'account' && order.paymentTerms
      ? [
          ['PO number', order.poNumber ?? ''],
          ['Payment', onAccountLabel(order.paymentTerms)],
        ]
      : [['Payment status', paymentStatusLabel(order.paymentStatus)]];
  const facts = [
    ['Order number', order.orderNumber],
    ['Total', formatCents(order.totals.totalCents)],
    ...payment,
    ['Order status', accountStatusLabel(order.status)],
  ] as const;
  return (
    <DataList.Root
      orientation="horizontal"
      borderWidth="1px"
      borderColor="gray.200"
      rounded="lg"
      p={{ base: '4', md: '6' }}
      bg="white"
      data-testid="order-facts"
    >
      {facts.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue fontWeight="semibold">{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

function WhatsNext({ order }: { order: OrderDetail }) {
  const steps = [
    `A confirmation e-mail is on its way to ${order.customer.email}.`,
    ...nextSteps(order, order.installationVisit),
  ];
  return (
    <Box as="section" aria-labelledby="whats-next-heading">
      <Heading as="h2" id="whats-next-heading" size="lg" color="brand.800" mb="3">
        What&apos;s Next
      </Heading>
      <List.Root gap="2" ps="5">
        {steps.map((step) => (
          <List.Item key={step}>{step}</List.Item>
        ))}
      </List.Root>
    </Box>
  );
}

/** What the page reads: the order a payment session paid, or (?order=…) an order placed on account, which has nothing to wait for. */
async function orderToConfirm(
  sessionId: string,
  orderId: string | null,
  signal: AbortSignal,
  started: number,
): Promise<{ order: OrderDetail; view: ConfirmationView | 'onAccount' }> {
  if (orderId) {
    const order = await fetchOrder(orderId, { signal });
    if (order.channel !== 'account') throw new ApiError(ORDER_MESSAGES.notFound, 'http', 404);
    return { order, view: 'onAccount' };
  }
  const order = await fetchOrderOfCheckoutSession(sessionId, { signal });
  return { order, view: confirmationView(order.paymentStatus, Date.now() - started) };
}

/**
 * /checkout/success?session_id=…: the payment page sends the customer here. The order becomes
 * paid only by the provider's verified webhook, so this page reads and waits; it never writes.
 * /checkout/success?order=…: an order placed on account, confirmed as placed (nothing was paid).
 */
export default function CheckoutSuccessPage() {
  const [searchParams] = useSearchParams();
  const orderId = searchParams.get('order');
  const sessionId = searchParams.get('session_id');
  const [state, setState] = useState<PageState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const signInWhenUnauthorized = useSignInWhenUnauthorized();

  useEffect(() => {
    if (!sessionId && !orderId) {
      setState({ kind: 'notFound' });
      return;
    }
    const controller = new AbortController();
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const { order, view } = await orderToConfirm(sessionId ?? '', orderId, controller.signal, started);
        setState({ kind: 'order', order, view });
        if (view === 'confirming') timer = setTimeout(() => void poll(), CONFIRMATION_POLL_INTERVAL_MS);
        // The paid (or placed on account) order emptied the cart and used its code: the header's badge reads it again, and the next checkout starts from the profile.
        if (view === 'paid' || view === 'onAccount') {
          announceCartChanged();
          removeStorage('session', STORAGE_KEYS.checkoutChoices);
          removeStorage('session', STORAGE_KEYS.promoCode);
        }
      } catch (error) {
        if (controller.signal.aborted || signInWhenUnauthorized(error)) return;
        setState({ kind: error instanceof ApiError && error.status === 404 ? 'notFound' : 'failed' });
      }
    };
    void poll();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [sessionId, orderId, attempt, signInWhenUnauthorized]);

  const retry = () => {
    setState({ kind: 'loading' });
    setAttempt((count) => count + 1);
  };

  if (state.kind === 'notFound') {
    return (
      <Frame title={ORDER_MESSAGES.notFound}>
        <Text color="gray.700">
          We could not find an order for this payment. If you were charged, please contact us with your confirmation
          e-mail.
        </Text>
        <Links primary="home" />
      </Frame>
    );
  }
  if (state.kind === 'failed') {
    return (
      <Frame title="Order Confirmation">
        <Text role="alert" color="red.700">
          {ORDER_MESSAGES.successLoadFailed}
        </Text>
        <Flex>
          <Button colorPalette="brand" onClick={retry}>
            Try again
          </Button>
        </Flex>
      </Frame>
    );
  }
  if (state.kind === 'loading' || state.view === 'confirming') {
    return (
      <Frame title="Confirming your payment">
        <Flex role="status" align="center" gap="3">
          <Spinner color="brand.600" />
          <Text>
            We are waiting for the payment provider to confirm your payment. This usually takes a few seconds.
          </Text>
        </Flex>
      </Frame>
    );
  }

  const { order, view } = state;
  if (view === 'onAccount') {
    return (
      <Frame title="Order Placed on Account">
        <Text fontSize="lg" color="gray.800">
          Thank you, {order.customer.name}! Your order is placed on account
          {order.paymentTerms && ` (${PAYMENT_TERMS_LABELS[order.paymentTerms]})`} with PO number {order.poNumber}. We
          will invoice it under your terms.
        </Text>
        <OrderFacts order={order} />
        <WhatsNext order={order} />
        <Links primary="account" />
      </Frame>
    );
  }
  if (view === 'paid') {
    return (
      <Frame title="Payment Successful">
        <Text fontSize="lg" color="gray.800">
          Thank you, {order.customer.name}! Your payment was received and your order is confirmed.
        </Text>
        <OrderFacts order={order} />
        <WhatsNext order={order} />
        <Links primary="account" />
      </Frame>
    );
  }
  if (view === 'stillConfirming') {
    return (
      <Frame title="Still confirming your payment">
        <Text color="gray.800">
          Your payment is taking longer than usual to confirm. There is nothing more you need to do: we will e-mail you
          at {order.customer.email} as soon as it is confirmed.
        </Text>
        <OrderFacts order={order} />
        <Flex gap="3" wrap="wrap">
          <Button colorPalette="brand" variant="outline" onClick={retry}>
            Check again
          </Button>
        </Flex>
        <Links primary="account" />
      </Frame>
    );
  }
  const ending = {
    underReview: {
      title: 'Payment Under Review',
      text: 'We received a payment that does not match your order total. Our team is reviewing it and will contact you.',
      primary: 'account',
    },
    refunded: {
      title: 'Payment Refunded',
      text: 'This order was cancelled and its payment refunded in full.',
      primary: 'account',
    },
    notPaid: {
      title: 'Payment Not Completed',
      text: 'Your payment was not completed and your card was not charged for this order. Your cart is kept, so you can check out again.',
      primary: 'cart',
    },
  } as const;
  const { title, text, primary } = ending[view];
  return (
    <Frame title={title}>
      <Text color="gray.800">{text}</Text>
      <OrderFacts order={order} />
      <Links primary={primary} />
    </Frame>
  );
}
