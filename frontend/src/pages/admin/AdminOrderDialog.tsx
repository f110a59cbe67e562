import {
  Box,
  Button,
  chakra,
  Dialog,
  Flex,
  Heading,
  Input,
  Link,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { CARRIER_NAMES, type Carrier } from '#domain/orders/carriers';
import type { HistoryEvent } from '#domain/orders/order';
import type { OrderTransitionRequest } from '#domain/orders/requests';
import type { AdminHistoryEntry, AdminOrderDetail } from '#domain/orders/responses';
import { onAccountLabel } from '#domain/accounts/payment-terms';
import { installationBooked } from '#domain/orders/lifecycle';
import { formatCents } from '#domain/pricing/money';
import type { PriceReview, PurchaseOrder } from '#domain/punchout/purchase-order';
import { ApiError } from '../../api/client';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog';
import { SiteDialog } from '../../components/dialog/SiteDialog';
import { FormField } from '../../components/form/FormField';
import { toaster } from '../../components/layout/toast-queue';
import { AddressBlock, OrderLineList, ShipmentDetails, SummaryRows } from '../orders/OrderParts';
import { accountStatusLabel, allowedStaffActions, orderSummaryRows, paymentStatusLabel } from '../orders/order-display';
import type { LineTransitionRequest } from '#domain/orders/line-status';
import { fetchAdminOrder, transitionOrder, transitionOrderLine } from './admin-api';
import { OrderLineActions } from './OrderLineActions';
import { RecordDetail, staffDateTimeFormat } from './RecordDetail';
import { Loading } from '../../components/layout/LoadState';

const HISTORY_EVENT_LABELS: Record<HistoryEvent, string> = {
  placed: 'Order placed',
  paid: 'Payment received',
  paymentFlagged: 'Payment flagged for review',
  paymentFailed: 'Payment failed',
  paymentExpired: 'Payment page expired',
  checkoutReopened: 'New payment page opened',
  productionStarted: 'Production started',
  readyToShip: 'Ready to ship',
  shipped: 'Shipped',
  delivered: 'Delivered',
  installed: 'Installed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  purchaseOrderChanged: "Buyer's purchase order changed",
  invoicePaid: 'Invoice paid',
  lineChanged: 'Line changed',
};

const ACTOR_LABELS: Record<AdminHistoryEntry['actor']['kind'], string> = {
  customer: 'Customer',
  staff: 'Staff',
  payment: 'Payment provider',
};

/** Who acted, by name where the API knows it (a customer, a staff member), never by their raw user id; the provider's event id is its reference. */
function actorText({ actor, actorName }: AdminHistoryEntry): string {
  if (actorName) return actor.kind === 'staff' ? `Staff ${actorName}` : actorName;
  return actor.kind === 'payment' && actor.id ? `${ACTOR_LABELS.payment} ${actor.id}` : ACTOR_LABELS[actor.kind];
}

/** A purchase order's date as sent (ISO 8601, with or without a zone) in staff's format; text that is no date as it came. */
function purchaseOrderDate(orderDate: string): string {
  const at = new Date(orderDate);
  return Number.isNaN(at.getTime()) ? orderDate : staffDateTimeFormat.format(at);
}

function History({ entries }: { entries: readonly AdminHistoryEntry[] }) {
  return (
    <Box as="section" aria-labelledby="admin-order-history-heading">
      <Heading as="h3" id="admin-order-history-heading" size="sm" color="brand.800" mb="2">
        History
      </Heading>
      <Stack as="ol" gap="2" p="0" m="0">
        {entries.map((entry, index) => (
          <Box
            as="li"
            key={`${entry.at}-${index}`}
            listStyleType="none"
            borderStartWidth="3px"
            borderColor="brand.600"
            ps="3"
          >
            <Text fontWeight="semibold">{HISTORY_EVENT_LABELS[entry.event]}</Text>
            <Text fontSize="sm" color="gray.700">
              <time dateTime={entry.at}>{staffDateTimeFormat.format(new Date(entry.at))}</time> · {actorText(entry)} ·{' '}
              {accountStatusLabel(entry.status)}, payment {paymentStatusLabel(entry.paymentStatus).toLowerCase()}
            </Text>
            {entry.note && <Text fontSize="sm">{entry.note}</Text>}
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

/**
 * A punch-out order's purchase order as the buyer's system sent it, and what staff must check
 * before shipping: lines whose price is not the returned cart's, lines the shop never returned, a
 * total that is not the sum of the lines.
 */
function PurchaseOrderDetails({
  purchaseOrder,
  priceReview,
}: {
  purchaseOrder: PurchaseOrder;
  priceReview: PriceReview | null;
}) {
  return (
    <Box as="section" aria-labelledby="admin-order-po-heading" borderWidth="1px" borderRadius="md" p="4">
      <Heading as="h3" id="admin-order-po-heading" size="sm" color="brand.800" mb="2">
        Purchase order {purchaseOrder.buyerOrderId}
      </Heading>
      <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="3">
        <RecordDetail label="Buyer's system">{purchaseOrder.buyerSystem}</RecordDetail>
        <RecordDetail label="PO date">
          <time dateTime={purchaseOrder.orderDate}>{purchaseOrderDate(purchaseOrder.orderDate)}</time>
        </RecordDetail>
        <RecordDetail label="PO total">{formatCents(purchaseOrder.documentTotalCents)}</RecordDetail>
      </Box>
      {purchaseOrder.comments && (
        <Text mt="2" whiteSpace="pre-wrap">
          {purchaseOrder.comments}
        </Text>
      )}
      {priceReview?.flagged && (
        <Box role="alert" mt="3" bg="orange.50" borderColor="orange.300" borderWidth="1px" borderRadius="md" p="3">
          <Text fontWeight="semibold" color="orange.900">
            Check before shipping: the purchase order differs from the cart the buyer returned
          </Text>
          <Stack as="ul" gap="1" mt="1" ps="5">
            {priceReview.issues.map((issue, index) => (
              <Text as="li" key={`${issue.kind}-${issue.lineNumber ?? 'total'}-${index}`} fontSize="sm">
                {issue.note}
              </Text>
            ))}
          </Stack>
        </Box>
      )}
    </Box>
  );
}

function ShipForm({
  saving,
  errors,
  onSubmit,
  onCancel,
}: {
  saving: boolean;
  errors: Record<string, string>;
  onSubmit: (carrier: Carrier, trackingNumber: string) => void;
  onCancel: () => void;
}) {
  const [carrier, setCarrier] = useState<Carrier>(CARRIER_NAMES[0]);
  const [trackingNumber, setTrackingNumber] = useState('');
  const carrierRef = useRef<HTMLSelectElement>(null);
  // The button that opened the form is gone: focus moves to the form's first control.
  useEffect(() => carrierRef.current?.focus(), []);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit(carrier, trackingNumber);
  }
  return (
    <chakra.form
      onSubmit={submit}
      noValidate
      aria-label="Mark shipped"
      borderWidth="1px"
      borderColor="gray.200"
      rounded="md"
      p="4"
    >
      <Stack gap="3">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
          <FormField id="ship-carrier" name="carrier" label="Carrier" required error={errors.carrier}>
            {(control) => (
              <NativeSelect.Root>
                <NativeSelect.Field
                  {...control}
                  ref={carrierRef}
                  value={carrier}
                  onChange={(event) => setCarrier(event.target.value as Carrier)}
                >
                  {CARRIER_NAMES.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            )}
          </FormField>
          <FormField
            id="ship-tracking-number"
            name="trackingNumber"
            label="Tracking number"
            required
            error={errors.trackingNumber}
          >
            {(control) => (
              <Input {...control} value={trackingNumber} onChange={(event) => setTrackingNumber(event.target.value)} />
            )}
          </FormField>
        </SimpleGrid>
        <Flex gap="2">
          <Button type="submit" colorPalette="brand" loading={saving}>
            Confirm Shipment
          </Button>
          <Button variant="ghost" onClick={onCancel} disabled={saving}>
            Back
          </Button>
        </Flex>
      </Stack>
    </chakra.form>
  );
}

function cancelMessage(order: AdminOrderDetail): string {
  const paid = order.paymentStatus === 'paid' || order.paymentStatus === 'flagged';
  return paid
    ? `Order ${order.orderNumber} will be cancelled and its payment of ${formatCents(order.amountPaidCents ?? order.totals.totalCents)} refunded in full to the customer's card. This cannot be undone.`
    : `Order ${order.orderNumber} will be cancelled. No payment has been taken, so nothing is refunded. This cannot be undone.`;
}

type DetailState =
  { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'loaded'; order: AdminOrderDetail };

/** An order for staff: everything the customer gave, its history, and the moves the transition table allows next. */
export function AdminOrderDialog({
  orderId,
  onClose,
  onChanged,
}: {
  orderId: string | null;
  onClose: () => void;
  onChanged: (order: AdminOrderDetail) => void;
}) {
  const [state, setState] = useState<DetailState>({ kind: 'loading' });
  const [shipping, setShipping] = useState(false);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (!orderId) return;
    let current = true;
    setState({ kind: 'loading' });
    setShipping(false);
    setErrors({});
    fetchAdminOrder(orderId).then(
      (order) => current && setState({ kind: 'loaded', order }),
      (error: unknown) =>
        current &&
        setState({ kind: 'failed', message: error instanceof ApiError ? error.message : 'Failed to load the order' }),
    );
    return () => {
      current = false;
    };
  }, [orderId]);

  /** An answer about `order` shown only while the dialog still shows it: staff may have opened another since. */
  const showAnswer = (order: AdminOrderDetail) =>
    setState((now) => (now.kind === 'loaded' && now.order.id === order.id ? { kind: 'loaded', order } : now));

  async function transition(request: OrderTransitionRequest, success: string): Promise<void> {
    if (state.kind !== 'loaded') return;
    setSaving(true);
    setErrors({});
    try {
      const order = await transitionOrder(state.order.id, request);
      showAnswer(order);
      setShipping(false);
      setConfirmingCancel(false);
      onChanged(order);
      toaster.create({ type: 'success', title: success });
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) setErrors(error.fieldErrors);
      // A 409 carries the transition table's reason; a 502 says the refund is still to be made.
      toaster.create({
        type: 'error',
        title: error instanceof ApiError ? error.message : 'The order could not be changed. Please try again.',
      });
      if (error instanceof ApiError && error.status === 409) {
        setConfirmingCancel(false);
        fetchAdminOrder(state.order.id).then(showAnswer, () => undefined);
      }
    } finally {
      setSaving(false);
    }
  }

  /** One line moved (its note the customer reads); answers whether it moved, so its form can close. */
  async function moveLine(position: number, request: LineTransitionRequest): Promise<boolean> {
    if (state.kind !== 'loaded') return false;
    setSaving(true);
    try {
      const order = await transitionOrderLine(state.order.id, position, request);
      showAnswer(order);
      onChanged(order);
      toaster.create({ type: 'success', title: `Line ${position} of order ${order.orderNumber} changed.` });
      return true;
    } catch (error) {
      // A 409 carries the line's reason (or a change made meanwhile); a 502 says its refund is still to be made.
      toaster.create({
        type: 'error',
        title: error instanceof ApiError ? error.message : 'The line could not be changed. Please try again.',
      });
      if (error instanceof ApiError && (error.status === 409 || error.status === 502)) {
        fetchAdminOrder(state.order.id).then(showAnswer, () => undefined);
      }
      return false;
    } finally {
      setSaving(false);
    }
  }

  const order = state.kind === 'loaded' ? state.order : null;
  const actions = order ? allowedStaffActions(order) : [];
  return (
    <>
      <SiteDialog
        open={orderId !== null}
        onClose={onClose}
        size={{ base: 'full', md: 'xl' }}
        titleFontSize="xl"
        title={order ? `Order ${order.orderNumber}` : 'Order'}
        subtitle={
          order && (
            <Text fontSize="sm" color="gray.700" data-testid="admin-order-status">
              {accountStatusLabel(order.status)} · Payment {paymentStatusLabel(order.paymentStatus).toLowerCase()}
            </Text>
          )
        }
        footer={
          order && shipping ? (
            // The form takes the actions' place at the foot of the order, where Mark Shipped was pressed.
            <Box w="full">
              <ShipForm
                saving={saving}
                errors={errors}
                onCancel={() => setShipping(false)}
                onSubmit={(carrier, trackingNumber) =>
                  transition({ action: 'ship', carrier, trackingNumber }, `Order ${order.orderNumber} marked shipped.`)
                }
              />
            </Box>
          ) : (
            <Flex w="full" gap="2" wrap="wrap" justify="space-between">
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Close</Button>
              </Dialog.ActionTrigger>
              {order && (
                <Flex gap="2" wrap="wrap">
                  {actions.includes('cancel') && (
                    <Button
                      colorPalette="red"
                      variant="outline"
                      disabled={saving}
                      onClick={() => setConfirmingCancel(true)}
                    >
                      Cancel Order
                    </Button>
                  )}
                  {actions.includes('startProduction') && (
                    <Button
                      colorPalette="brand"
                      loading={saving}
                      onClick={() =>
                        transition({ action: 'startProduction' }, `Order ${order.orderNumber} is in production.`)
                      }
                    >
                      Start Production
                    </Button>
                  )}
                  {actions.includes('markReady') && (
                    <Button
                      colorPalette="brand"
                      loading={saving}
                      onClick={() =>
                        transition({ action: 'markReady' }, `Order ${order.orderNumber} is ready to ship.`)
                      }
                    >
                      Mark Ready to Ship
                    </Button>
                  )}
                  {actions.includes('install') && (
                    <Button
                      colorPalette="brand"
                      loading={saving}
                      onClick={() => transition({ action: 'install' }, `Order ${order.orderNumber} marked installed.`)}
                    >
                      Mark Installed
                    </Button>
                  )}
                  {actions.includes('deliver') && (
                    <Button
                      colorPalette="brand"
                      loading={saving}
                      onClick={() => transition({ action: 'deliver' }, `Order ${order.orderNumber} marked delivered.`)}
                    >
                      Mark Delivered
                    </Button>
                  )}
                  {actions.includes('ship') && (
                    <Button colorPalette="brand" disabled={saving} onClick={() => setShipping(true)}>
                      Mark Shipped
                    </Button>
                  )}
                </Flex>
              )}
            </Flex>
          )
        }
      >
        {state.kind === 'loading' && <Loading py="6">Loading the order…</Loading>}
        {state.kind === 'failed' && (
          <Text role="alert" color="red.700">
            {state.message}
          </Text>
        )}
        {order && (
          <Stack gap="6">
            <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="3">
              <RecordDetail label="Customer">
                {order.customer.name}
                <Text>
                  <Link href={`mailto:${order.customer.email}`}>{order.customer.email}</Link>
                </Text>
                {order.customer.phone && <Text>{order.customer.phone}</Text>}
              </RecordDetail>
              <RecordDetail label="Placed">
                <time dateTime={order.createdAt}>{staffDateTimeFormat.format(new Date(order.createdAt))}</time>
              </RecordDetail>
              {order.channel === 'card' && (
                <RecordDetail label="Payment ID">{order.checkoutSessionId ?? 'None yet'}</RecordDetail>
              )}
              {order.channel === 'account' && order.paymentTerms && (
                <RecordDetail label="Payment">{onAccountLabel(order.paymentTerms)}</RecordDetail>
              )}
              {order.poNumber && <RecordDetail label="PO number">{order.poNumber}</RecordDetail>}
              {order.amountPaidCents !== null && (
                <RecordDetail label="Amount paid">{formatCents(order.amountPaidCents)}</RecordDetail>
              )}
              <RecordDetail label="Installation">
                {installationBooked(order) ? 'Booked' : order.installation ? 'Requested, not booked' : 'No'}
              </RecordDetail>
              {order.invoiceUrl && (
                <RecordDetail label="Invoice">
                  <Link
                    href={order.invoiceUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    color="brand.700"
                    textDecoration="underline"
                  >
                    Invoice PDF
                  </Link>
                </RecordDetail>
              )}
            </Box>
            {order.purchaseOrder && (
              <PurchaseOrderDetails purchaseOrder={order.purchaseOrder} priceReview={order.priceReview} />
            )}
            {order.shipment && <ShipmentDetails shipment={order.shipment} />}
            <OrderLineList
              lines={order.lines}
              samples={order.samples}
              staffNotes
              lineActions={(shown) => {
                const line = order.lines.find((candidate) => candidate.lineId === shown.lineId)!;
                return <OrderLineActions order={order} line={line} saving={saving} onMove={moveLine} />;
              }}
            />
            <SummaryRows rows={orderSummaryRows(order.totals, order.channel)} />
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <AddressBlock title="Shipping address" address={order.shippingAddress} />
              <AddressBlock title="Billing address" address={order.billingAddress} />
            </SimpleGrid>
            {order.notes && (
              <Box>
                <Heading as="h3" size="sm" color="brand.800" mb="1">
                  Customer notes
                </Heading>
                <Text whiteSpace="pre-wrap">{order.notes}</Text>
              </Box>
            )}
            <History entries={order.history} />
          </Stack>
        )}
      </SiteDialog>
      {order && (
        <ConfirmDialog
          open={confirmingCancel}
          title={`Cancel order ${order.orderNumber}?`}
          message={cancelMessage(order)}
          confirmLabel="Cancel Order"
          dismissLabel="Keep Order"
          onClose={() => setConfirmingCancel(false)}
          onConfirm={() => transition({ action: 'cancel' }, `Order ${order.orderNumber} cancelled.`)}
        />
      )}
    </>
  );
}
