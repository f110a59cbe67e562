import { Box, Flex, Heading, Stack, Table, Text } from '@chakra-ui/react';
import type { ClientLead, ClientSummary } from '#domain/accounts/customer-directory';
import { fetchClientsPage, fetchLeadsPage } from './admin-api';
import { PagedSection, usePagedList } from './PagedList';
import { RecordDetail, staffDateTimeFormat } from './RecordDetail';

const clientsPage = (cursor: string | null) =>
  fetchClientsPage(cursor).then(({ clients, nextCursor }) => ({ items: clients, nextCursor }));
const leadsPage = (cursor: string | null) =>
  fetchLeadsPage(cursor).then(({ leads, nextCursor }) => ({ items: leads, nextCursor }));

const NOT_GIVEN = 'Not given';

function accountTypeLabel(accountType: string): string {
  return accountType.charAt(0).toUpperCase() + accountType.slice(1);
}

function DateTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{staffDateTimeFormat.format(new Date(iso))}</time>;
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
          <Box
            as="li"
            key={client.id}
            listStyleType="none"
            borderWidth="1px"
            borderColor="gray.200"
            rounded="lg"
            p="4"
            bg="white"
          >
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
        <Box
          as="li"
          key={lead.email}
          listStyleType="none"
          borderWidth="1px"
          borderColor="gray.200"
          rounded="lg"
          p="4"
          bg="white"
        >
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
            <RecordDetail label="Address">
              {[lead.address, lead.zipCode].filter(Boolean).join(' ') || NOT_GIVEN}
            </RecordDetail>
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
