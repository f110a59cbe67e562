import { Alert, Box, Button, Container, Flex, Heading, Link, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PARTNER_MESSAGES } from '#domain/punchout/partner-messages';
import { formatCents } from '#domain/pricing/money';
import { fetchCart, type CartView } from '../../api/cart';
import { ApiError } from '../../api/client';
import { confirmCartReturned, partnerErrorOf, submitPartnerCart } from '../../api/punchout';
import { toaster } from '../../components/layout/toast-queue';
import { localReader } from '../../lib/browser-storage';
import {
  partnerCheckoutHeading,
  partnerSubmitProblem,
  PURCHASE_ORDER_BILLING,
  submitFailedMessage,
  type StoredPunchoutSession,
} from '../../lib/partner-mode';
import { forgetPunchoutSession, postCartToBuyer } from '../../lib/return-to-buyer';
import { OrderLineList, SummaryRows } from '../orders/OrderParts';
import { Loading } from '../../components/layout/LoadState';

/** The success toast stays this long before the browser leaves for the buyer's system. */
const RETURN_REDIRECT_DELAY_MS = 2_000;

type Phase =
  | { kind: 'loading' }
  | { kind: 'failed' }
  | { kind: 'ready'; cart: CartView }
  | { kind: 'submitting'; cart: CartView }
  | { kind: 'returning'; cart: CartView };

function summaryRows(cart: CartView) {
  const items = `${cart.itemCount} ${cart.itemCount === 1 ? 'item' : 'items'}`;
  return [
    { label: `Subtotal (${items})`, value: formatCents(cart.subtotalCents) },
    { label: 'Shipping', value: cart.shipping },
    { label: 'Total', value: formatCents(cart.estimatedTotalCents), strong: true },
  ];
}

/**
 * The checkout of a punch-out session: only the order summary, at the prices the buyer's
 * configuration gives, and the button that returns the cart to their procurement system.
 */
export function PartnerCheckout({ session }: { session: StoredPunchoutSession }) {
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  /** Why the last return could not be made; the cart is still open. */
  const [returnRefused, setReturnRefused] = useState<string | null>(null);
  const heading = partnerCheckoutHeading(session.buyerSystem);

  useEffect(() => {
    const controller = new AbortController();
    fetchCart({ signal: controller.signal }).then(
      (cart) => setPhase({ kind: 'ready', cart }),
      () => !controller.signal.aborted && setPhase({ kind: 'failed' }),
    );
    return () => controller.abort();
  }, []);

  async function submit(cart: CartView) {
    const problem = partnerSubmitProblem(localReader, Date.now());
    if (problem) {
      toaster.create({ type: 'error', title: problem });
      return;
    }
    if (cart.items.length === 0) {
      toaster.create({ type: 'error', title: PARTNER_MESSAGES.cartEmpty });
      return;
    }
    setPhase({ kind: 'submitting', cart });
    setReturnRefused(null);
    try {
      const answer = await submitPartnerCart();
      setPhase({ kind: 'returning', cart });
      toaster.create({ type: 'success', title: `Order submitted. Returning you to ${session.buyerSystem}…` });
      setTimeout(() => {
        // The server marks the cart submitted only once the page is left for the buyer's system.
        void postCartToBuyer(answer, () => void confirmCartReturned(answer.submissionId).catch(() => undefined)).then(
          () => {
            setPhase({ kind: 'ready', cart });
            setReturnRefused(PARTNER_MESSAGES.returnBlocked(session.buyerSystem, answer.returnUrl));
          },
        );
      }, RETURN_REDIRECT_DELAY_MS);
    } catch (error) {
      setPhase({ kind: 'ready', cart });
      const refusal = partnerErrorOf(error);
      if (error instanceof ApiError && error.status === 401) {
        forgetPunchoutSession();
        toaster.create({ type: 'error', title: refusal ?? PARTNER_MESSAGES.sessionMissing });
        return;
      }
      if (refusal === PARTNER_MESSAGES.cartEmpty) {
        toaster.create({ type: 'error', title: refusal });
        return;
      }
      toaster.create({
        type: 'error',
        title: submitFailedMessage(refusal ?? (error instanceof Error ? error.message : 'Unknown error')),
      });
    }
  }

  return (
    <Container maxW="3xl" py={{ base: '8', md: '12' }} px={{ base: '4', md: '8' }}>
      <Heading as="h1" size="3xl" fontFamily="heading" color="brand.800">
        {heading}
      </Heading>
      {session.operation === 'inspect' && (
        <Text mt="2" color="gray.700">
          Viewing requisition (read only): the cart goes back to {session.buyerSystem} unchanged.
        </Text>
      )}
      {phase.kind === 'loading' && <Loading size="page">Loading your order…</Loading>}
      {phase.kind === 'failed' && (
        <Alert.Root status="error" mt="6">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Failed to load cart items</Alert.Title>
            <Alert.Description>Check your connection and reload the page.</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {phase.kind !== 'loading' && phase.kind !== 'failed' && (
        <Box
          as="section"
          aria-labelledby="order-summary-heading"
          mt="6"
          bg="white"
          borderWidth="1px"
          borderColor="gray.200"
          rounded="lg"
          p={{ base: '4', md: '6' }}
        >
          <Flex justify="space-between" align="baseline" gap="3" mb="4">
            <Heading as="h2" id="order-summary-heading" size="lg" color="brand.800">
              Order Summary
            </Heading>
            {session.operation !== 'inspect' && (
              <Link asChild fontSize="sm" color="brand.700" textDecoration="underline">
                <RouterLink to="/cart">Edit cart</RouterLink>
              </Link>
            )}
          </Flex>
          {phase.cart.items.length === 0 ? (
            <Text color="gray.700">{PARTNER_MESSAGES.cartEmpty}</Text>
          ) : (
            <OrderLineList
              lines={phase.cart.items.map((item) => ({
                lineId: item.id,
                title: item.title,
                description: item.description,
                roomLabel: item.roomLabel,
                quantity: item.quantity,
                unitCents: item.unitCents,
                lineCents: item.lineCents,
              }))}
              samples={[]}
            />
          )}
          <Box mt="4">
            <SummaryRows rows={summaryRows(phase.cart)} testId="partner-totals" />
            <Text mt="3" fontSize="sm" color="gray.700">
              {PURCHASE_ORDER_BILLING}
            </Text>
          </Box>
          {returnRefused && (
            <Alert.Root status="error" mt="5" role="alert">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>Your cart was not returned</Alert.Title>
                <Alert.Description>{returnRefused}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
          <Button
            mt="5"
            w="full"
            size="lg"
            colorPalette="brand"
            onClick={() => submit(phase.cart)}
            disabled={phase.kind !== 'ready'}
            loading={phase.kind !== 'ready'}
            loadingText={phase.kind === 'returning' ? `Returning to ${session.buyerSystem}...` : 'Submitting...'}
          >
            {heading}
          </Button>
        </Box>
      )}
    </Container>
  );
}
