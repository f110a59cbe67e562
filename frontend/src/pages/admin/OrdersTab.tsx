import { Badge, Box, Button, chakra, Flex, Heading, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useCallback, useState, type FormEvent } from 'react';
import { checkoutAbandoned } from '#domain/orders/lifecycle';
import { ORDER_LISTINGS, type AdminOrderSummary, type OrderListing } from '#domain/orders/order';
import { formatCents } from '#domain/pricing/money';
import { adminOrderSummaryOf } from '#domain/orders/views';
import { ApiError } from '../../api/client';
import { FormField } from '../../components/form/FormField';
import { accountStatusLabel, orderListingLabel, paymentStatusLabel } from '../orders/order-display';
import { fetchAdminOrdersPage } from './admin-api';
import { AdminOrderDialog } from './AdminOrderDialog';
import { PagedSection, usePagedList } from './PagedList';
import { RecordDetail, staffDateTimeFormat } from './RecordDetail';

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
        colorPalette={order.paymentStatus === 'paid' ? 'green' : order.paymentStatus === 'flagged' ? 'red' : 'gray'}
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
    <>
      <Table.ScrollArea display={{ base: 'none', md: 'block' }} borderWidth="1px" borderRadius="md">
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Order</Table.ColumnHeader>
              <Table.ColumnHeader>Placed</Table.ColumnHeader>
              <Table.ColumnHeader>Customer</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Total</Table.ColumnHeader>
              <Table.ColumnHeader>
                <chakra.span srOnly>Actions</chakra.span>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {orders.map((order) => (
              <Table.Row key={order.id}>
                <Table.Cell fontWeight="semibold" whiteSpace="nowrap">
                  {order.orderNumber}
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">
                  <DateTime iso={order.createdAt} />
                </Table.Cell>
                <Table.Cell>
                  {order.customerName}
                  <Text fontSize="xs" color="gray.700">
                    {order.customerEmail}
                  </Text>
                </Table.Cell>
                <Table.Cell>
                  <StatusBadges order={order} />
                </Table.Cell>
                <Table.Cell textAlign="end">{formatCents(order.totalCents)}</Table.Cell>
                <Table.Cell>{view(order)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <Stack as="ul" display={{ base: 'flex', md: 'none' }} gap="3" p="0">
        {orders.map((order) => (
          <Box
            as="li"
            key={order.id}
            listStyleType="none"
            borderWidth="1px"
            borderColor="gray.200"
            rounded="lg"
            p="4"
            bg="white"
          >
            <Flex justify="space-between" align="baseline" gap="2" wrap="wrap">
              <Heading as="h3" size="sm" color="brand.800">
                {order.orderNumber}
              </Heading>
              <Text fontWeight="semibold">{formatCents(order.totalCents)}</Text>
            </Flex>
            <Box as="dl" display="grid" gap="3" mt="3">
              <RecordDetail label="Placed">
                <DateTime iso={order.createdAt} />
              </RecordDetail>
              <RecordDetail label="Customer">
                {order.customerName}, {order.customerEmail}
              </RecordDetail>
              <RecordDetail label="Status">
                <StatusBadges order={order} />
              </RecordDetail>
            </Box>
            <Box mt="3">{view(order)}</Box>
          </Box>
        ))}
      </Stack>
    </>
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
