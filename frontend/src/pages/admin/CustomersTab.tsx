import { Box, Button, Flex, Heading, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useState } from 'react';
import type { ClientLead, ClientSummary } from '#domain/accounts/customer-directory';
import { fetchClientsPage, fetchLeadsPage } from './admin-api';
import { ClientPaymentTermsForm } from './ClientPaymentTermsForm';
import { ClientPriceListForm } from './ClientPriceListForm';
import { ClientPrivacyRequest } from './ClientPrivacyRequest';
import { PagedSection, usePagedList } from './PagedList';
import { RecordDetail, staffDateTimeFormat } from './RecordDetail';
import { RecordList } from './RecordList';

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
function ClientList({
  clients,
  onPriceList,
  onPaymentTerms,
  onPrivacy,
}: {
  clients: ClientSummary[];
  onPriceList: (client: ClientSummary) => void;
  onPaymentTerms: (client: ClientSummary) => void;
  onPrivacy: (client: ClientSummary) => void;
}) {
  const name = (client: ClientSummary) => `${client.firstName} ${client.lastName}`;
  const email = (client: ClientSummary) => <a href={`mailto:${client.email}`}>{client.email}</a>;
  const phone = (client: ClientSummary) => client.phone ?? NOT_GIVEN;
  const accountType = (client: ClientSummary) => accountTypeLabel(client.accountType);
  const created = (client: ClientSummary) => <DateTime iso={client.createdAt} />;
  const priceList = (client: ClientSummary) => (
    <Button size="xs" variant="outline" onClick={() => onPriceList(client)}>
      Price list<VisuallyHidden> of {name(client)}</VisuallyHidden>
    </Button>
  );
  const paymentTerms = (client: ClientSummary) => (
    <Button size="xs" variant="outline" onClick={() => onPaymentTerms(client)}>
      Payment terms<VisuallyHidden> of {name(client)}</VisuallyHidden>
    </Button>
  );
  const privacy = (client: ClientSummary) => (
    <Button size="xs" variant="outline" onClick={() => onPrivacy(client)}>
      Privacy request<VisuallyHidden> of {name(client)}</VisuallyHidden>
    </Button>
  );
  return (
    <RecordList
      records={clients}
      keyOf={(client) => client.id}
      columns={[
        { header: 'Name', cell: name },
        { header: 'E-mail', cell: email },
        { header: 'Phone', cell: phone, cellProps: { whiteSpace: 'nowrap' } },
        { header: 'Account type', cell: accountType },
        { header: 'Created', cell: created, cellProps: { whiteSpace: 'nowrap' } },
        { header: 'Contract prices', cell: priceList },
        { header: 'Payment terms', cell: paymentTerms },
        { header: 'Privacy', cell: privacy },
      ]}
      card={{
        title: name,
        details: [
          { label: 'E-mail', value: email },
          { label: 'Phone', value: phone },
          { label: 'Account type', value: accountType },
          { label: 'Created', value: created },
          { label: 'Contract prices', value: priceList },
          { label: 'Payment terms', value: paymentTerms },
          { label: 'Privacy', value: privacy },
        ],
      }}
    />
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

/**
 * Who registered (clients by name, each with their price list and payment terms) and the leads
 * sign-up made (newest first), for staff.
 */
export function CustomersTab() {
  const clients = usePagedList(clientsPage);
  const leads = usePagedList(leadsPage);
  const [pricing, setPricing] = useState<ClientSummary | null>(null);
  const [terms, setTerms] = useState<ClientSummary | null>(null);
  const [privacy, setPrivacy] = useState<ClientSummary | null>(null);
  return (
    <Stack gap="10">
      {pricing && <ClientPriceListForm key={pricing.id} client={pricing} />}
      {terms && <ClientPaymentTermsForm key={terms.id} client={terms} />}
      {privacy && <ClientPrivacyRequest key={privacy.id} client={privacy} onClosed={clients.reload} />}
      <PagedSection id="admin-customers" title="Customers" noun="clients" list={clients}>
        {(items) => (
          <ClientList clients={items} onPriceList={setPricing} onPaymentTerms={setTerms} onPrivacy={setPrivacy} />
        )}
      </PagedSection>
      <PagedSection id="admin-leads" title="Leads" noun="leads" list={leads}>
        {(items) => <LeadList leads={items} />}
      </PagedSection>
    </Stack>
  );
}
