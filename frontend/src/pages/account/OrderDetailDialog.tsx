import { Box, Button, chakra, Checkbox, Dialog, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useCallback, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { cancelOrder, fetchInvoiceLink, fetchOrder, reorder, type OrderDetail } from '../../api/orders';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog';
import { SiteDialog } from '../../components/dialog/SiteDialog';
import { Loading } from '../../components/layout/LoadState';
import { toaster } from '../../components/layout/toast-queue';
import { useResource } from '../../lib/use-resource';
import { AddressBlock, OrderLineList, OrderTimeline, ShipmentDetails, SummaryRows } from '../orders/OrderParts';
import { onAccountLabel } from '#domain/accounts/payment-terms';
import { shopDate } from '#domain/orders/invoice';
import { customerCancelRefusal, installationNote, invoiceState, paymentCaptured } from '#domain/orders/lifecycle';
import { formatCents } from '#domain/pricing/money';
import { reorderAddedMessage } from '#domain/orders/reorder';
import {
  accountStatusLabel,
  orderSummaryRows,
  paymentStatusLabel,
  promisedDeliveryText,
} from '../orders/order-display';

/**
 * The invoice is a short-lived link: the order's when it already exists, else (a paid card order,
 * whose invoice is being made) asked for again on request. An order that gets no invoice PDF shows nothing.
 */
function InvoiceDownload({ order }: { order: OrderDetail }) {
  const [url, setUrl] = useState(order.invoiceUrl);
  const [checking, setChecking] = useState(false);

  async function checkAgain() {
    setChecking(true);
    try {
      const result = await fetchInvoiceLink(order.id);
      if (result.kind === 'ready') setUrl(result.link.url);
      else toaster.create({ type: 'info', title: result.message });
    } catch {
      toaster.create({ type: 'error', title: 'Could not reach the invoice. Please try again.' });
    } finally {
      setChecking(false);
    }
  }

  if (url) {
    return (
      <Button asChild colorPalette="brand">
        <a href={url} target="_blank" rel="noopener noreferrer">
          Download invoice
        </a>
      </Button>
    );
  }
  return (
    <Stack gap="2" align={{ base: 'stretch', sm: 'flex-end' }}>
      <Flex gap="2" wrap="wrap" justify="flex-end">
        <Button colorPalette="brand" disabled aria-describedby="invoice-preparing">
          Download invoice
        </Button>
        <Button variant="outline" loading={checking} onClick={checkAgain}>
          Check again
        </Button>
      </Flex>
      <Text id="invoice-preparing" fontSize="sm" color="gray.700">
        Your invoice is being prepared. It is ready a minute or two after payment.
      </Text>
    </Stack>
  );
}

/** The lines chosen to order again, by position: every line until the customer changes it. */
interface ReorderChoice {
  chosen: ReadonlySet<number>;
  setChosen: (chosen: ReadonlySet<number>) => void;
}

function useReorderChoice(order: OrderDetail | null): ReorderChoice {
  const [choice, setChoice] = useState<{ orderId: string; chosen: ReadonlySet<number> } | null>(null);
  const everyLine = useMemo(() => new Set(order?.lines.map((line) => line.position)), [order]);
  return {
    chosen: order && choice?.orderId === order.id ? choice.chosen : everyLine,
    setChosen: (chosen) => order && setChoice({ orderId: order.id, chosen }),
  };
}

const blindsText = (count: number) => (count === 1 ? '1 blind' : `${count} blinds`);

/** A checkbox per line of the order (all checked at first) and one for them all: what Order again puts back in the cart. */
function ReorderChoices({ order, choice }: { order: OrderDetail; choice: ReorderChoice }) {
  const { chosen, setChosen } = choice;
  const all = chosen.size === order.lines.length;
  return (
    <chakra.fieldset borderWidth="1px" borderColor="gray.200" rounded="md" p="4">
      <chakra.legend px="1" fontWeight="semibold" color="brand.800">
        Choose the blinds to order again
      </chakra.legend>
      <Stack gap="2">
        <Checkbox.Root
          checked={all ? true : chosen.size === 0 ? false : 'indeterminate'}
          onCheckedChange={() => setChosen(all ? new Set() : new Set(order.lines.map((line) => line.position)))}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label fontWeight="semibold">Select all</Checkbox.Label>
        </Checkbox.Root>
        <Stack as="ul" gap="2" p="0" m="0" ps="6" aria-label="Blinds to order again">
          {order.lines.map((line) => (
            <Box as="li" key={line.position} listStyleType="none">
              <Checkbox.Root
                checked={chosen.has(line.position)}
                onCheckedChange={(details) => {
                  const next = new Set(chosen);
                  if (details.checked === true) next.add(line.position);
                  else next.delete(line.position);
                  setChosen(next);
                }}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>
                  {line.title}
                  {line.roomLabel ? `, ${line.roomLabel}` : ''} × {line.quantity}
                </Checkbox.Label>
              </Checkbox.Root>
            </Box>
          ))}
        </Stack>
      </Stack>
    </chakra.fieldset>
  );
}

/**
 * "Order again": the chosen blinds back in the cart as they were configured, with their rooms, at
 * today's prices; a blind the shop no longer makes that way is named in a warning.
 */
function OrderAgain({ order, chosen }: { order: OrderDetail; chosen: ReadonlySet<number> }) {
  const [adding, setAdding] = useState(false);
  const blinds = order.lines.reduce((sum, line) => sum + (chosen.has(line.position) ? line.quantity : 0), 0);

  async function orderAgain() {
    setAdding(true);
    try {
      // Every line: no list to send (an order may have 1,000).
      const positions = chosen.size === order.lines.length ? undefined : [...chosen];
      const result = await reorder(order.id, positions);
      toaster.create({ type: 'success', title: reorderAddedMessage(result) });
      for (const failure of result.failures)
        toaster.create({ type: 'warning', title: `${failure.title} (line ${failure.position}): ${failure.message}` });
    } catch (failure) {
      const message =
        failure instanceof ApiError && failure.status > 0 ? failure.message : 'Could not add the order to your cart.';
      toaster.create({ type: 'error', title: message });
    } finally {
      setAdding(false);
    }
  }

  return (
    <Stack gap="1" align="flex-start">
      <Button
        variant="outline"
        colorPalette="brand"
        loading={adding}
        disabled={blinds === 0}
        aria-describedby={blinds === 0 ? 'order-again-none' : undefined}
        onClick={orderAgain}
      >
        Order again ({blindsText(blinds)})
      </Button>
      {blinds === 0 && (
        <Text id="order-again-none" fontSize="sm" color="gray.700">
          Choose at least one blind to order again.
        </Text>
      )}
    </Stack>
  );
}

/**
 * Cancel, while the order is not yet in production (after a confirmation that says what is
 * refunded); once it is, why it can no longer be cancelled. A purchase-order order is changed
 * through the buyer's system, and a cancelled one needs neither.
 */
function CancelSection({ order, onCancelled }: { order: OrderDetail; onCancelled: (order: OrderDetail) => void }) {
  const [confirming, setConfirming] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  if (order.channel === 'punchout' || order.status === 'cancelled') return null;
  const refusal = customerCancelRefusal(order.status);
  if (refusal)
    return (
      <Text color="gray.700" data-testid="cancel-refusal">
        {refusal}
      </Text>
    );

  async function cancel() {
    setCancelling(true);
    try {
      const cancelled = await cancelOrder(order.id);
      toaster.create({ type: 'success', title: `Order ${order.orderNumber} cancelled.` });
      onCancelled(cancelled);
    } catch (failure) {
      toaster.create({
        type: 'error',
        title:
          failure instanceof ApiError && failure.status > 0
            ? failure.message
            : 'Could not cancel the order. Please try again.',
      });
    } finally {
      setCancelling(false);
      setConfirming(false);
    }
  }

  return (
    <Box>
      <Button colorPalette="red" variant="outline" loading={cancelling} onClick={() => setConfirming(true)}>
        Cancel Order
      </Button>
      <Text mt="1" fontSize="sm" color="gray.700">
        You can cancel until your blinds go into production.
      </Text>
      <ConfirmDialog
        open={confirming}
        title={`Cancel order ${order.orderNumber}?`}
        message={
          paymentCaptured(order.paymentStatus)
            ? `Your order will be cancelled and your payment of ${formatCents(order.amountPaidCents ?? order.totals.totalCents)} refunded to the card you paid with. This cannot be undone.`
            : 'Your order will be cancelled. This cannot be undone.'
        }
        confirmLabel="Cancel Order"
        dismissLabel="Keep Order"
        onClose={() => setConfirming(false)}
        onConfirm={cancel}
      />
    </Box>
  );
}

function OrderBody({
  order,
  choice,
  onCancelled,
}: {
  order: OrderDetail;
  choice: ReorderChoice;
  onCancelled: (order: OrderDetail) => void;
}) {
  return (
    <Stack gap="6">
      <Box as="section" aria-labelledby="order-detail-progress-heading">
        <Heading as="h3" id="order-detail-progress-heading" size="sm" color="brand.800" mb="2">
          Progress
        </Heading>
        <OrderTimeline order={order} statusLabel={accountStatusLabel(order.status)} />
      </Box>
      <CancelSection order={order} onCancelled={onCancelled} />
      <Box as="section" aria-labelledby="order-detail-items-heading">
        <Heading as="h3" id="order-detail-items-heading" size="sm" color="brand.800" mb="2">
          Items
        </Heading>
        <OrderLineList lines={order.lines} samples={order.samples} />
      </Box>
      {order.lines.length > 0 && <ReorderChoices order={order} choice={choice} />}
      <Box as="section" aria-labelledby="order-detail-summary-heading">
        <Heading as="h3" id="order-detail-summary-heading" size="sm" color="brand.800" mb="2">
          Summary
        </Heading>
        <SummaryRows rows={orderSummaryRows(order.totals, order.channel)} />
      </Box>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <AddressBlock title="Shipping address" address={order.shippingAddress} />
        <AddressBlock title="Billing address" address={order.billingAddress} />
      </SimpleGrid>
      <Box>
        <Heading as="h3" size="sm" color="brand.800" mb="1">
          Payment
        </Heading>
        {order.channel === 'account' && order.paymentTerms ? (
          <>
            <Text>{onAccountLabel(order.paymentTerms)}</Text>
            <Text overflowWrap="anywhere">PO number: {order.poNumber}</Text>
          </>
        ) : (
          <>
            <Text>Status: {paymentStatusLabel(order.paymentStatus)}</Text>
            <Text overflowWrap="anywhere">Payment ID: {order.checkoutSessionId ?? 'Not yet created'}</Text>
          </>
        )}
      </Box>
      {promisedDeliveryText(order) && <Text data-testid="promised-delivery">{promisedDeliveryText(order)}</Text>}
      {installationNote(order, order.installationVisit) && (
        <Text>{installationNote(order, order.installationVisit)}</Text>
      )}
      {order.installationManagePath && (
        <Button asChild colorPalette="brand" variant="outline" alignSelf="flex-start">
          <RouterLink to={order.installationManagePath}>
            {order.installationVisit?.status === 'scheduled' ? 'Change installation visit' : 'Book installation'}
          </RouterLink>
        </Button>
      )}
      {order.shipment && <ShipmentDetails shipment={order.shipment} />}
    </Stack>
  );
}

/** View Details of My Account's Order History: the order as the customer placed it, its invoice, and Order again. */
export function OrderDetailDialog({ orderId, onClose }: { orderId: string | null; onClose: () => void }) {
  const load = useCallback(
    (request: { signal: AbortSignal }) => (orderId ? fetchOrder(orderId, request) : Promise.resolve(null)),
    [orderId],
  );
  const { state, setData } = useResource(load);
  const order = state.kind === 'loaded' ? state.data : null;
  const choice = useReorderChoice(order);
  return (
    <SiteDialog
      open={orderId !== null}
      onClose={onClose}
      size={{ base: 'full', md: 'lg' }}
      titleFontSize="xl"
      title={order ? `Order ${order.orderNumber}` : 'Order details'}
      subtitle={
        order && (
          <Text fontSize="sm" color="gray.700">
            Placed {shopDate(order.createdAt)} · {accountStatusLabel(order.status)}
          </Text>
        )
      }
      footer={
        <Flex w="full" justify="space-between" gap="3" wrap="wrap" align="flex-start">
          <Flex gap="3" wrap="wrap">
            <Dialog.ActionTrigger asChild>
              <Button variant="outline">Close</Button>
            </Dialog.ActionTrigger>
            {order && order.lines.length > 0 && <OrderAgain order={order} chosen={choice.chosen} />}
          </Flex>
          {order && invoiceState(order) !== 'none' && <InvoiceDownload key={order.id} order={order} />}
        </Flex>
      }
    >
      {state.kind === 'loading' && <Loading py="6">Loading the order…</Loading>}
      {state.kind === 'failed' && (
        <Text role="alert" color="red.700">
          {state.error instanceof ApiError && state.error.status === 404
            ? 'Order Not Found'
            : 'Could not load order details.'}
        </Text>
      )}
      {order && <OrderBody order={order} choice={choice} onCancelled={setData} />}
    </SiteDialog>
  );
}
