import { Badge, Box, Button, chakra, Flex, Input, NativeSelect, Text } from '@chakra-ui/react';
import { useCallback, useState, type FormEvent } from 'react';
import { checkoutAbandoned, paymentSettled } from '#domain/orders/lifecycle';
import { ORDER_LISTINGS, type AdminOrderSummary, type OrderListing } from '#domain/orders/order';
import { formatCents } from '#domain/pricing/money';
import { adminOrderSummaryOf } from '#domain/orders/views';
import { ApiError } from '../../api/client';
import { FormField } from '../../components/form/FormField';
import { accountStatusLabel, orderListingLabel, paymentStatusLabel } from '../orders/order-display';
import { fetchAdminOrdersPage } from './admin-api';
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
    </Flex>
  );
}

/** A table from md up; cards on a phone. */
function OrderList({ orders, onOpen }: { orders: AdminOrderSummary[]; onOpen: (orderId: string) => void }) {
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
  const [status, setStatus] = useState<OrderListing | ''>('');
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
                  onChange={(event) => setStatus(event.target.value as OrderListing | '')}
                >
                  <option value="">All orders</option>
                  {ORDER_LISTINGS.map((value) => (
                    <option key={value} value={value}>
                      {orderListingLabel(value)}
                    </option>
                  ))}
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
        {(orders) => <OrderList orders={orders} onOpen={setOpenOrderId} />}
      </PagedSection>
      <AdminOrderDialog
        orderId={openOrderId}
        onClose={() => setOpenOrderId(null)}
        onChanged={(order) =>
          list.updateItems((items) => items.map((item) => (item.id === order.id ? adminOrderSummaryOf(order) : item)))
        }
      />
    </>
  );
}
