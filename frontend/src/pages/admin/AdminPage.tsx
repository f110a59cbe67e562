import { Box, Container, Heading, NativeSelect, Stack, Tabs } from '@chakra-ui/react';
import { useState } from 'react';
import { unreadBadgeLabel } from '#domain/chat/chat';
import { AdminGate } from './AdminGate';
import { ApplicationsTab } from './ApplicationsTab';
import { AppointmentsTab } from './AppointmentsTab';
import { AuditLogTab } from './AuditLogTab';
import { CustomersTab } from './CustomersTab';
import { InstallationsTab } from './InstallationsTab';
import { InvoicesTab } from './InvoicesTab';
import { LiveChatTab, LiveChatTabLabel, StaffChatProvider, useStaffChat } from './LiveChatTab';
import { OrdersTab } from './OrdersTab';
import { PriceGridsTab } from './PriceGridsTab';
import { PromotionsTab } from './PromotionsTab';
import { PriceMatchesTab } from './PriceMatchesTab';
import { QuotesTab } from './QuotesTab';
import { RealPageConfigTab } from './RealPageConfigTab';
import { ReceivablesSection } from './ReceivablesSection';
import { ReturnsTab } from './ReturnsTab';
import { SampleRequestsTab } from './SampleRequestsTab';
import { SystemMonitorTab } from './SystemMonitorTab';
import { WebhooksTab } from './WebhooksTab';

/** The spec's four tabs, then the orders staff carry to delivery, the customers' quotes staff price and issue again, the price grids staff replace by CSV, the promotions customers use and the price matches they ask for, the sample requests to send, who registered, the measurement appointments and the installation crews' calendar, the webhooks that post the shop's events elsewhere, and the owners' audit log of staff actions. */
const TABS = [
  { value: 'live-chat', label: 'Live Chat' },
  { value: 'realpage-config', label: 'RealPage Config' },
  { value: 'invoices', label: 'Invoice Management' },
  { value: 'system-monitor', label: 'System Monitor' },
  { value: 'orders', label: 'Orders' },
  { value: 'quotes', label: 'Quotes' },
  { value: 'price-grids', label: 'Price Grids' },
  { value: 'promotions', label: 'Promotions' },
  { value: 'sample-requests', label: 'Sample Requests' },
  { value: 'customers', label: 'Customers' },
  { value: 'webhooks', label: 'Webhooks' },
  { value: 'applications', label: 'Applications' },
  { value: 'returns', label: 'Returns' },
  { value: 'appointments', label: 'Appointments' },
  { value: 'installations', label: 'Installations' },
  { value: 'audit-log', label: 'Audit Log' },
] as const;

type TabValue = (typeof TABS)[number]['value'];

function Dashboard() {
  const [tab, setTab] = useState<TabValue>('live-chat');
  const { unreadSessions } = useStaffChat();
  return (
    <Tabs.Root
      value={tab}
      onValueChange={(details) => setTab(details.value as TabValue)}
      colorPalette="brand"
      lazyMount
    >
      <Box display={{ base: 'block', md: 'none' }} mb="4">
        <NativeSelect.Root>
          <NativeSelect.Field
            aria-label="Admin section"
            value={tab}
            onChange={(event) => setTab(event.target.value as TabValue)}
          >
            {TABS.map((item) => (
              <option key={item.value} value={item.value}>
                {item.value === 'live-chat' ? `${item.label} (${unreadBadgeLabel(unreadSessions)})` : item.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Box>
      {/* Each label on one line (issue 25): whole tabs wrap to a further row (the sixteen take two at 1440 px). */}
      <Tabs.List display={{ base: 'none', md: 'flex' }} flexWrap="wrap">
        {TABS.map((item) => (
          <Tabs.Trigger key={item.value} value={item.value} px="1.5" whiteSpace="nowrap">
            {item.value === 'live-chat' ? <LiveChatTabLabel /> : item.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {TABS.map((item) => (
        <Tabs.Content key={item.value} value={item.value}>
          {item.value === 'live-chat' ? (
            <LiveChatTab />
          ) : item.value === 'realpage-config' ? (
            <RealPageConfigTab />
          ) : item.value === 'invoices' ? (
            // Both kinds of invoice: punch-out buyers' (sent as cXML) and the receivables of clients on account.
            <Stack gap="10">
              <InvoicesTab />
              <ReceivablesSection />
            </Stack>
          ) : item.value === 'system-monitor' ? (
            <SystemMonitorTab />
          ) : item.value === 'sample-requests' ? (
            <SampleRequestsTab />
          ) : item.value === 'customers' ? (
            <CustomersTab />
          ) : item.value === 'orders' ? (
            <OrdersTab />
          ) : item.value === 'quotes' ? (
            <QuotesTab />
          ) : item.value === 'webhooks' ? (
            <WebhooksTab />
          ) : item.value === 'applications' ? (
            <ApplicationsTab />
          ) : item.value === 'returns' ? (
            <ReturnsTab />
          ) : item.value === 'appointments' ? (
            <AppointmentsTab />
          ) : item.value === 'installations' ? (
            <InstallationsTab />
          ) : item.value === 'audit-log' ? (
            <AuditLogTab />
          ) : item.value === 'promotions' ? (
            // Price matches end in a promotion (a code for the difference): staff review them beside the promotions.
            <Stack gap="10">
              <PromotionsTab />
              <PriceMatchesTab />
            </Stack>
          ) : (
            <PriceGridsTab />
          )}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

export default function AdminPage() {
  return (
    // As wide as the site gets (7xl), for the sixteen tabs.
    <Container maxW="7xl" py={{ base: '8', md: '12' }}>
      <Heading as="h1" size="3xl" fontFamily="heading" color="brand.800" mb="6">
        Admin Dashboard
      </Heading>
      <AdminGate path="/admin">
        <StaffChatProvider>
          <Dashboard />
        </StaffChatProvider>
      </AdminGate>
    </Container>
  );
}
