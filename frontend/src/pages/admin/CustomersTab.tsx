import { Alert, Box, Button, Flex, Heading, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { ClientLead, ClientSummary } from '../../../../domain/accounts/customer-directory';
import { fetchClientsPage, fetchLeadsPage } from './admin-api';
import { RecordDetail, staffDateTimeFormat } from './RecordDetail';

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

type ListState<T> =
  | { kind: 'loading' }
  | { kind: 'failed' }
  | { kind: 'loaded'; items: T[]; nextCursor: string | null; more: 'idle' | 'loading' | 'failed' };

/** A staff list read a page at a time: the first page on mount, the next ones on demand. */
function usePagedList<T>(fetchPage: (cursor: string | null) => Promise<Page<T>>) {
  const [state, setState] = useState<ListState<T>>({ kind: 'loading' });
  const reload = useCallback(() => {
    setState({ kind: 'loading' });
    fetchPage(null).then(
      (page) => setState({ kind: 'loaded', ...page, more: 'idle' }),
      () => setState({ kind: 'failed' }),
    );
  }, [fetchPage]);
  useEffect(reload, [reload]);
  const loadMore = () => {
    if (state.kind !== 'loaded' || !state.nextCursor) return;
    const loaded = state;
    setState({ ...loaded, more: 'loading' });
    fetchPage(loaded.nextCursor).then(
      (page) => setState({ kind: 'loaded', items: [...loaded.items, ...page.items], nextCursor: page.nextCursor, more: 'idle' }),
      () => setState({ ...loaded, more: 'failed' }),
    );
  };
  return { state, reload, loadMore };
}

const clientsPage = (cursor: string | null) => fetchClientsPage(cursor).then(({ clients, nextCursor }) => ({ items: clients, nextCursor }));
const leadsPage = (cursor: string | null) => fetchLeadsPage(cursor).then(({ leads, nextCursor }) => ({ items: leads, nextCursor }));

const NOT_GIVEN = 'Not given';

function accountTypeLabel(accountType: string): string {
  return accountType.charAt(0).toUpperCase() + accountType.slice(1);
}

function DateTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{staffDateTimeFormat.format(new Date(iso))}</time>;
}

/** One list of the tab with its loading, error, empty and "load more" states. */
function PagedSection<T>({
  id,
  title,
  noun,
  list,
  children,
}: {
  id: string;
  title: string;
  /** Plural, lower case: 'clients', 'leads'. */
  noun: string;
  list: ReturnType<typeof usePagedList<T>>;
  children: (items: T[]) => ReactNode;
}) {
  const { state, reload, loadMore } = list;
  const failure = `Failed to load ${noun}`;
  return (
    <Stack as="section" gap="4" aria-labelledby={id}>
      <Heading as="h2" id={id} size="lg">
        {title}
      </Heading>
      {state.kind === 'loading' && (
        <Flex role="status" align="center" gap="3">
          <Spinner size="sm" color="brand.600" />
          <Text>Loading {noun}…</Text>
        </Flex>
      )}
      {state.kind === 'failed' && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{failure}</Alert.Title>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={reload}>
            Retry
          </Button>
        </Alert.Root>
      )}
      {state.kind === 'loaded' && state.items.length === 0 && <Text color="gray.700">No {noun} yet.</Text>}
      {state.kind === 'loaded' && state.items.length > 0 && children(state.items)}
      {state.kind === 'loaded' && state.more === 'failed' && (
        <Text role="alert" color="red.700">
          {failure}
        </Text>
      )}
      {state.kind === 'loaded' && state.nextCursor && (
        <Button alignSelf="start" variant="outline" colorPalette="brand" loading={state.more === 'loading'} onClick={loadMore}>
          Load more {noun}
        </Button>
      )}
    </Stack>
  );
}

/** A table from md up; cards on a phone, where five columns cannot fit. */
function ClientList({ clients }: { clients: ClientSummary[] }) {
  return (
    <>
      <Table.ScrollArea display={{ base: 'none', md: 'block' }} borderWidth="1px" borderRadius="md">
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Name</Table.ColumnHeader>
              <Table.ColumnHeader>E-mail</Table.ColumnHeader>
              <Table.ColumnHeader>Phone</Table.ColumnHeader>
              <Table.ColumnHeader>Account type</Table.ColumnHeader>
              <Table.ColumnHeader>Created</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {clients.map((client) => (
              <Table.Row key={client.id}>
                <Table.Cell>
                  {client.firstName} {client.lastName}
                </Table.Cell>
                <Table.Cell>
                  <a href={`mailto:${client.email}`}>{client.email}</a>
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{client.phone ?? NOT_GIVEN}</Table.Cell>
                <Table.Cell>{accountTypeLabel(client.accountType)}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">
                  <DateTime iso={client.createdAt} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <Stack as="ul" display={{ base: 'flex', md: 'none' }} gap="3" p="0">
        {clients.map((client) => (
          <Box as="li" key={client.id} listStyleType="none" borderWidth="1px" borderColor="gray.200" rounded="lg" p="4" bg="white">
            <Heading as="h3" size="sm" color="brand.800">
              {client.firstName} {client.lastName}
            </Heading>
            <Box as="dl" display="grid" gap="3" mt="3">
              <RecordDetail label="E-mail">
                <a href={`mailto:${client.email}`}>{client.email}</a>
              </RecordDetail>
              <RecordDetail label="Phone">{client.phone ?? NOT_GIVEN}</RecordDetail>
              <RecordDetail label="Account type">{accountTypeLabel(client.accountType)}</RecordDetail>
              <RecordDetail label="Created">
                <DateTime iso={client.createdAt} />
              </RecordDetail>
            </Box>
          </Box>
        ))}
      </Stack>
    </>
  );
}

function LeadList({ leads }: { leads: ClientLead[] }) {
  return (
    <Stack as="ul" gap="3" p="0">
      {leads.map((lead) => (
        <Box as="li" key={lead.email} listStyleType="none" borderWidth="1px" borderColor="gray.200" rounded="lg" p="4" bg="white">
          <Flex justify="space-between" wrap="wrap" gap="2" align="baseline">
            <Heading as="h3" size="sm" color="brand.800">
              {lead.name}
            </Heading>
            <Text fontSize="sm" color="gray.700">
              <DateTime iso={lead.updatedAt} />
            </Text>
          </Flex>
          <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="3" mt="3">
            <RecordDetail label="E-mail">
              <a href={`mailto:${lead.email}`}>{lead.email}</a>
            </RecordDetail>
            <RecordDetail label="Phone">{lead.phone ?? NOT_GIVEN}</RecordDetail>
            <RecordDetail label="Address">{[lead.address, lead.zipCode].filter(Boolean).join(' ') || NOT_GIVEN}</RecordDetail>
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

/** Who registered (clients by name) and the leads sign-up made (newest first), for staff. */
export function CustomersTab() {
  const clients = usePagedList(clientsPage);
  const leads = usePagedList(leadsPage);
  return (
    <Stack gap="10">
      <PagedSection id="admin-customers" title="Customers" noun="clients" list={clients}>
        {(items) => <ClientList clients={items} />}
      </PagedSection>
      <PagedSection id="admin-leads" title="Leads" noun="leads" list={leads}>
        {(items) => <LeadList leads={items} />}
      </PagedSection>
    </Stack>
  );
}
