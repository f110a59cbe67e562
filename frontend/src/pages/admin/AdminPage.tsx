import { Box, Button, Card, Container, Heading, NativeSelect, Spinner, Stack, Tabs, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { toaster } from '../../components/layout/Toaster';
import { verifyAdminSession } from './admin-api';
import { CustomersTab } from './CustomersTab';
import { OrdersTab } from './OrdersTab';
import { PriceGridsTab } from './PriceGridsTab';
import { SampleRequestsTab } from './SampleRequestsTab';

const ACCESS_DENIED_TOAST = 'Access denied. Admin privileges required.';

type Gate = 'verifying' | 'granted' | 'restricted' | 'unavailable';

/** The API decides who is staff (GET /api/admin/session); the page only reflects its answer. */
function useAdminGate(): { gate: Gate; retry: () => void } {
  const [gate, setGate] = useState<Gate>('verifying');
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    verifyAdminSession().then(
      () => current && setGate('granted'),
      (error: unknown) => {
        if (!current) return;
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
          if (error.status === 403) toaster.create({ id: 'admin-access-denied', type: 'error', title: ACCESS_DENIED_TOAST });
          setGate('restricted');
        } else {
          setGate('unavailable');
        }
      },
    );
    return () => {
      current = false;
    };
  }, [attempt]);
  return {
    gate,
    retry: () => {
      setGate('verifying');
      setAttempt((count) => count + 1);
    },
  };
}

/** The spec's four tabs, then the orders staff carry to delivery, the price grids staff replace by CSV, the sample requests to send and who registered. */
const TABS = [
  { value: 'live-chat', label: 'Live Chat', arrivesWith: 'the live chat: customers chatting from any page and staff answering here' },
  { value: 'realpage-config', label: 'RealPage Config', arrivesWith: 'the partner punch-out: RealPage integration configurations per property' },
  { value: 'invoices', label: 'Invoice Management', arrivesWith: 'partner invoicing: invoices with TSV, XML and cXML exports' },
  { value: 'system-monitor', label: 'System Monitor', arrivesWith: 'orders and partner integration: order and invoice counters and integration tests' },
  { value: 'orders', label: 'Orders' },
  { value: 'price-grids', label: 'Price Grids' },
  { value: 'sample-requests', label: 'Sample Requests' },
  { value: 'customers', label: 'Customers' },
] as const;

type TabValue = (typeof TABS)[number]['value'];

function AccessRestricted() {
  return (
    <Card.Root maxW="lg" mx="auto" mt="8" textAlign="center">
      <Card.Body gap="3">
        <Heading as="h2" size="xl">
          Access Restricted
        </Heading>
        <Text color="gray.700">This area is for staff. Sign in with an admin account to continue.</Text>
      </Card.Body>
      <Card.Footer justifyContent="center" gap="3" flexWrap="wrap">
        <Button asChild colorPalette="brand">
          <RouterLink to="/login?redirect=/admin">Login as Admin</RouterLink>
        </Button>
        <Button asChild variant="outline" colorPalette="brand">
          <RouterLink to="/">Return to Home</RouterLink>
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}

function Dashboard() {
  const [tab, setTab] = useState<TabValue>('live-chat');
  return (
    <Tabs.Root value={tab} onValueChange={(details) => setTab(details.value as TabValue)} colorPalette="brand" lazyMount>
      <Box display={{ base: 'block', md: 'none' }} mb="4">
        <NativeSelect.Root>
          <NativeSelect.Field aria-label="Admin section" value={tab} onChange={(event) => setTab(event.target.value as TabValue)}>
            {TABS.map((item) => (
              <option key={item.value} value={item.value}>
                {item.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Box>
      <Tabs.List display={{ base: 'none', md: 'flex' }}>
        {TABS.map((item) => (
          <Tabs.Trigger key={item.value} value={item.value}>
            {item.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {TABS.map((item) => (
        <Tabs.Content key={item.value} value={item.value}>
          {'arrivesWith' in item ? (
            <Box borderWidth="1px" borderRadius="lg" p="6" bg="gray.50">
              <Heading as="h2" size="lg">
                {item.label}
              </Heading>
              <Text mt="2" color="gray.700">
                This tab arrives with {item.arrivesWith}.
              </Text>
            </Box>
          ) : item.value === 'sample-requests' ? (
            <SampleRequestsTab />
          ) : item.value === 'customers' ? (
            <CustomersTab />
          ) : item.value === 'orders' ? (
            <OrdersTab />
          ) : (
            <PriceGridsTab />
          )}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

export default function AdminPage() {
  const { gate, retry } = useAdminGate();
  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <Heading as="h1" size="3xl" fontFamily="heading" color="brand.800" mb="6">
        Admin Dashboard
      </Heading>
      {gate === 'verifying' && (
        <Stack direction="row" align="center" gap="3" role="status">
          <Spinner size="sm" color="brand.600" />
          <Text>Verifying admin access</Text>
        </Stack>
      )}
      {gate === 'restricted' && <AccessRestricted />}
      {gate === 'unavailable' && (
        <Stack align="start" gap="3" role="alert">
          <Text>Could not verify admin access. Please try again.</Text>
          <Button variant="outline" colorPalette="brand" onClick={retry}>
            Retry
          </Button>
        </Stack>
      )}
      {gate === 'granted' && <Dashboard />}
    </Container>
  );
}
