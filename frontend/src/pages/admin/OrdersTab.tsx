import { Alert, Badge, Box, Button, chakra, Flex, Input, List, NativeSelect, Text } from '@chakra-ui/react';
import { useCallback, useState, type FormEvent } from 'react';
import { shortDate } from '#domain/calendar/date-text';
import { checkoutAbandoned, paymentSettled } from '#domain/orders/lifecycle';
import type { AdminOrderSummary, OrderBatchResult } from '#domain/orders/responses';
import { BATCH_ACTIONS, ORDER_LISTINGS, type BatchAction, type OrderListing } from '#domain/orders/statuses';
import { formatCents } from '#domain/pricing/money';
import { adminOrderSummaryOf } from '#domain/orders/views';
import { ApiError } from '../../api/client';
import { FormField } from '../../components/form/FormField';
import { toaster } from '../../components/layout/toast-queue';
import { accountStatusLabel, orderListingLabel, paymentStatusLabel } from '../orders/order-display';
import { fetchAdminOrdersPage, transitionOrders, type AdminOrdersFilter } from './admin-api';
import { AdminOrderDialog } from './AdminOrderDialog';
import { PagedSection, usePagedList } from './PagedList';
import { staffDateTimeFormat } from './RecordDetail';
import { RecordList } from './RecordList';

function DateTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{staffDateTimeFormat.format(new Date(iso))}</time>;
}

function StatusBadges({ order }: { order: AdminOrderSummary }) {
  return (
    <Flex gap="1" wrap="wrap">
      <Badge colorPalette={checkoutAbandoned(order) ? 'gray' : 'brand'} variant="subtle">
        {checkoutAbandoned(order) ? 'Abandoned checkout' : accountStatusLabel(order.status)}
      </Badge>
      <Badge
        colorPalette={
          paymentSettled(order.paymentStatus) ? 'green' : order.paymentStatus === 'flagged' ? 'red' : 'gray'
        }
        variant="subtle"
      >
        {paymentStatusLabel(order.paymentStatus)}
      </Badge>
      {order.missesPromise && order.deliveredBy && (
        <Badge colorPalette="red" variant="solid" data-testid="misses-promise">
          Will miss {shortDate(order.deliveredBy)}
        </Badge>
      )}
    </Flex>
  );
}

/** What a batch move is called where staff choose it. */
const BATCH_ACTION_LABELS: Record<BatchAction, string> = {
  startProduction: 'Start production',
  markReady: 'Mark ready to ship',
  deliver: 'Mark delivered',
  install: 'Mark installed',
};

/** Which orders a batch moved and which it did not, each with why. */
function BatchOutcome({ result }: { result: OrderBatchResult }) {
  if (result.notMoved.length === 0) return null;
  return (
    <Alert.Root status="warning" mt="3" data-testid="batch-not-moved">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          {result.notMoved.length} of {result.moved.length + result.notMoved.length} selected orders were not moved
        </Alert.Title>
        <List.Root ps="4">
          {result.notMoved.map((order) => (
            <List.Item key={order.orderId}>
              {order.orderNumber ?? order.orderId}: {order.reason}
            </List.Item>
          ))}
        </List.Root>
      </Alert.Content>
    </Alert.Root>
  );
}

/** A table from md up; cards on a phone; each order can be selected for a batch move. */
function OrderList({
  orders,
  onOpen,
  selected,
  onSelect,
}: {
  orders: AdminOrderSummary[];
  onOpen: (orderId: string) => void;
  selected: ReadonlySet<string>;
  onSelect: (orderId: string, chosen: boolean) => void;
}) {
  const select = (order: AdminOrderSummary) => (
    <chakra.input
      type="checkbox"
      boxSize="5"
      accentColor="brand.700"
      checked={selected.has(order.id)}
      onChange={(event) => onSelect(order.id, event.target.checked)}
      aria-label={`Select order ${order.orderNumber}`}
    />
  );
  const view = (order: AdminOrderSummary) => (
    <Button
      size="sm"
      variant="outline"
      colorPalette="brand"
      onClick={() => onOpen(order.id)}
      aria-label={`View order ${order.orderNumber}`}
    >
      View
    </Button>
  );
  return (
    <RecordList
      records={orders}
      keyOf={(order) => order.id}
      columns={[
        { header: 'Select', headerHidden: true, cell: select },
        {
          header: 'Order',
          cell: (order) => order.orderNumber,
          cellProps: { fontWeight: 'semibold', whiteSpace: 'nowrap' },
        },
        { header: 'Placed', cell: (order) => <DateTime iso={order.createdAt} />, cellProps: { whiteSpace: 'nowrap' } },
        {
          header: 'Customer',
          cell: (order) => (
            <>
              {order.customerName}
              <Text fontSize="xs" color="gray.700">
                {order.customerEmail}
              </Text>
            </>
          ),
        },
        { header: 'Status', cell: (order) => <StatusBadges order={order} /> },
        { header: 'Total', align: 'end', cell: (order) => formatCents(order.totalCents) },
        { header: 'Actions', headerHidden: true, cell: view },
      ]}
      card={{
        title: (order) => order.orderNumber,
        aside: (order) => formatCents(order.totalCents),
        details: [
          { label: 'Placed', value: (order) => <DateTime iso={order.createdAt} /> },
          { label: 'Customer', value: (order) => `${order.customerName}, ${order.customerEmail}` },
          { label: 'Status', value: (order) => <StatusBadges order={order} /> },
          { label: 'Select', value: select },
        ],
        actions: view,
      }}
    />
  );
}

/**
 * Staff's orders: newest first, by status (or the checkouts that ended unpaid, kept apart from
 * pending orders) or searched by order number or e-mail, each opened to its detail, history and next steps.
 */
export function OrdersTab() {
  const [status, setStatus] = useState<NonNullable<AdminOrdersFilter['status']> | ''>('');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [batchAction, setBatchAction] = useState<BatchAction>('startProduction');
  const [moving, setMoving] = useState(false);
  const [batchResult, setBatchResult] = useState<OrderBatchResult | null>(null);
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [searchError, setSearchError] = useState<string | undefined>();
  const [openOrderId, setOpenOrderId] = useState<string | null>(null);

  const fetchPage = useCallback(
    (cursor: string | null) =>
      fetchAdminOrdersPage({ status: status || null, search }, cursor).then(
        ({ orders, nextCursor }) => ({ items: orders, nextCursor }),
        (error: unknown) => {
          if (error instanceof ApiError) setSearchError(error.fieldErrors.q);
          throw error;
        },
      ),
    [status, search],
  );
  const list = usePagedList(fetchPage);

  function select(orderId: string, chosen: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (chosen) next.add(orderId);
      else next.delete(orderId);
      return next;
    });
  }

  async function moveSelected() {
    setMoving(true);
    setBatchResult(null);
    try {
      const result = await transitionOrders({ action: batchAction, orderIds: [...selected] });
      setBatchResult(result);
      setSelected(new Set());
      toaster.create({
        type: result.notMoved.length === 0 ? 'success' : 'warning',
        title: `${result.moved.length} ${result.moved.length === 1 ? 'order' : 'orders'} moved: ${BATCH_ACTION_LABELS[batchAction].toLowerCase()}.`,
      });
      list.reload();
    } catch (error) {
      toaster.create({
        type: 'error',
        title: error instanceof ApiError ? error.message : 'The orders could not be moved. Please try again.',
      });
    } finally {
      setMoving(false);
    }
  }

  const batchBar = selected.size > 0 && (
    <Flex
      gap="3"
      wrap="wrap"
      align="flex-end"
      mt="3"
      p="3"
      borderWidth="1px"
      borderRadius="md"
      role="group"
      aria-label="Move the selected orders"
    >
      <Text alignSelf="center" fontWeight="semibold">
        {selected.size} selected
      </Text>
      <Box w={{ base: 'full', sm: '56' }}>
        <FormField id="admin-orders-batch-action" name="action" label="Move to">
          {(control) => (
            <NativeSelect.Root>
              <NativeSelect.Field
                {...control}
                value={batchAction}
                onChange={(event) => setBatchAction(event.target.value as BatchAction)}
              >
                {BATCH_ACTIONS.map((action) => (
                  <option key={action} value={action}>
                    {BATCH_ACTION_LABELS[action]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          )}
        </FormField>
      </Box>
      <Button colorPalette="brand" loading={moving} loadingText="Moving..." onClick={() => void moveSelected()}>
        Move Selected
      </Button>
      <Button variant="outline" disabled={moving} onClick={() => setSelected(new Set())}>
        Clear Selection
      </Button>
    </Flex>
  );

  function submitSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSearchError(undefined);
    setSearch(searchText.trim());
  }

  const toolbar = (
    <chakra.form onSubmit={submitSearch} noValidate role="search" aria-label="Orders">
      <Flex gap="3" wrap="wrap" align="flex-end">
        <Box w={{ base: 'full', sm: '48' }}>
          <FormField id="admin-orders-status" name="status" label="Status">
            {(control) => (
              <NativeSelect.Root>
                <NativeSelect.Field
                  {...control}
                  value={status}
                  onChange={(event) => setStatus(event.target.value as OrderListing | 'missesPromise' | '')}
                >
                  <option value="">All orders</option>
                  {ORDER_LISTINGS.map((value) => (
                    <option key={value} value={value}>
                      {orderListingLabel(value)}
                    </option>
                  ))}
                  <option value="missesPromise">Will miss promised date</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            )}
          </FormField>
        </Box>
        <Box flex="1" minW={{ base: 'full', sm: '64' }}>
          <FormField id="admin-orders-search" name="q" label="Order number or e-mail" error={searchError}>
            {(control) => (
              <Input
                {...control}
                type="search"
                value={searchText}
                onChange={(event) => setSearchText(event.target.value)}
              />
            )}
          </FormField>
        </Box>
        <Button type="submit" colorPalette="brand">
          Search
        </Button>
      </Flex>
    </chakra.form>
  );

  return (
    <>
      <PagedSection
        id="admin-orders"
        title="Orders"
        noun="orders"
        list={list}
        toolbar={toolbar}
        emptyText={status || search ? 'No orders match.' : 'No orders yet.'}
      >
        {(orders) => (
          <>
            {batchBar}
            {batchResult && <BatchOutcome result={batchResult} />}
            <OrderList orders={orders} onOpen={setOpenOrderId} selected={selected} onSelect={select} />
          </>
        )}
      </PagedSection>
      <AdminOrderDialog
        orderId={openOrderId}
        onClose={() => setOpenOrderId(null)}
        onChanged={(order) =>
          list.updateItems((items) =>
            items.map((item) => (item.id === order.id ? adminOrderSummaryOf(order, item.missesPromise) : item)),
          )
        }
      />
    </>
  );
}
