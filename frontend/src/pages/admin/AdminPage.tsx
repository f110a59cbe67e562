import { Box, Container, Heading, NativeSelect, Stack, Tabs } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { unreadBadgeLabel } from '#domain/chat/chat';
import { mayDo, type StaffDuty } from '#domain/staff/roles';
import { AdminGate, useStaffRoles } from './AdminGate';
import { ApplicationsTab } from './ApplicationsTab';
import { AppointmentsTab } from './AppointmentsTab';
import { AuditLogTab } from './AuditLogTab';
import { CustomersTab } from './CustomersTab';
import { InstallationsTab } from './InstallationsTab';
import { InvoicesTab } from './InvoicesTab';
import { LiveChatTab, LiveChatTabLabel, StaffChatProvider, useStaffChat } from './LiveChatTab';
import { OpeningHoursSection } from './OpeningHoursSection';
import { OrdersTab } from './OrdersTab';
import { PriceGridsTab } from './PriceGridsTab';
import { PromotionsTab } from './PromotionsTab';
import { PriceMatchesTab } from './PriceMatchesTab';
import { QuotesTab } from './QuotesTab';
import { RealPageConfigTab } from './RealPageConfigTab';
import { ReceivablesSection } from './ReceivablesSection';
import { ReturnsTab } from './ReturnsTab';
import { SampleRequestsTab } from './SampleRequestsTab';
import { ShopClosuresSection } from './ShopClosuresSection';
import { StaffTab } from './StaffTab';
import { SystemMonitorTab } from './SystemMonitorTab';
import { WebhooksTab } from './WebhooksTab';

/**
 * The spec's four tabs, then the orders staff carry to delivery, the customers' quotes staff price and issue again, the price grids staff replace by CSV, the promotions customers use and the price matches they ask for, the sample requests to send, who registered, the measurement appointments and the installation crews' calendar, the shop's opening hours and closed days, the webhooks that post the shop's events elsewhere, the members of staff, and the owners' audit log of staff actions. Each tab is shown to the roles of the duty its routes declare (domain/staff/roles.ts): the API refuses the others anyway.
 */
const TABS = [
  { value: 'live-chat', label: 'Live Chat', duty: 'chat' },
  { value: 'realpage-config', label: 'RealPage Config', duty: 'configurations' },
  { value: 'invoices', label: 'Invoice Management', duty: 'configurations' },
  { value: 'system-monitor', label: 'System Monitor', duty: 'operations' },
  { value: 'orders', label: 'Orders', duty: 'ordersRead' },
  { value: 'quotes', label: 'Quotes', duty: 'customers' },
  { value: 'price-grids', label: 'Price Grids', duty: 'prices' },
  { value: 'promotions', label: 'Promotions', duty: 'promotions' },
  { value: 'sample-requests', label: 'Sample Requests', duty: 'samples' },
  { value: 'customers', label: 'Customers', duty: 'customers' },
  { value: 'webhooks', label: 'Webhooks', duty: 'secrets' },
  { value: 'applications', label: 'Applications', duty: 'staff' },
  { value: 'returns', label: 'Returns', duty: 'ordersRead' },
  { value: 'appointments', label: 'Appointments', duty: 'appointments' },
  { value: 'installations', label: 'Installations', duty: 'installations' },
  { value: 'shop-hours', label: 'Shop Hours', duty: 'configurations' },
  { value: 'staff', label: 'Staff', duty: 'staff' },
  { value: 'audit-log', label: 'Audit Log', duty: 'audit' },
] as const satisfies readonly { value: string; label: string; duty: StaffDuty }[];

type TabValue = (typeof TABS)[number]['value'];

/** The Live Chat option of the phone's section list, with its unread count. */
function LiveChatOption({ label }: { label: string }) {
  const { unreadSessions } = useStaffChat();
  return <option value="live-chat">{`${label} (${unreadBadgeLabel(unreadSessions)})`}</option>;
}

function Dashboard() {
  const roles = useStaffRoles();
  const tabs = TABS.filter((item) => mayDo(roles, item.duty));
  const [tab, setTab] = useState<TabValue | undefined>(tabs[0]?.value);
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
            {tabs.map((item) =>
              item.value === 'live-chat' ? (
                <LiveChatOption key={item.value} label={item.label} />
              ) : (
                <option key={item.value} value={item.value}>
                  {item.label}
                </option>
              ),
            )}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Box>
      {/* Each label on one line (issue 25): whole tabs wrap to a further row (the eighteen take two at 1440 px). */}
      <Tabs.List display={{ base: 'none', md: 'flex' }} flexWrap="wrap">
        {tabs.map((item) => (
          <Tabs.Trigger key={item.value} value={item.value} px="1.5" whiteSpace="nowrap">
            {item.value === 'live-chat' ? <LiveChatTabLabel /> : item.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((item) => (
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
          ) : item.value === 'shop-hours' ? (
            // The settings staff change (owner, manager): the week's opening hours and the days the shop closes.
            <Stack gap="10">
              <OpeningHoursSection />
              <ShopClosuresSection />
            </Stack>
          ) : item.value === 'audit-log' ? (
            <AuditLogTab />
          ) : item.value === 'staff' ? (
            <StaffTab />
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

/** The staff chat's connection, for the roles of the chat duty only: the socket refuses the others. */
function StaffChatForRole({ children }: { children: ReactNode }) {
  return mayDo(useStaffRoles(), 'chat') ? <StaffChatProvider>{children}</StaffChatProvider> : children;
}

export default function AdminPage() {
  return (
    // As wide as the site gets (7xl), for the eighteen tabs.
    <Container maxW="7xl" py={{ base: '8', md: '12' }}>
      <Heading as="h1" size="3xl" fontFamily="heading" color="brand.800" mb="6">
        Admin Dashboard
      </Heading>
      <AdminGate path="/admin">
        <StaffChatForRole>
          <Dashboard />
        </StaffChatForRole>
      </AdminGate>
    </Container>
  );
}
