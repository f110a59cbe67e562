import { Box, Button, Container, Heading, Tabs, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { fetchAccount } from '../../api/account';
import { AddressTab } from './settings/AddressTab';
import { NotificationsTab } from './settings/NotificationsTab';
import { PasswordTab } from './settings/PasswordTab';
import { PaymentMethodsTab } from './settings/PaymentMethodsTab';
import { PrivacyTab } from './settings/PrivacyTab';
import { ProfileTab } from './settings/ProfileTab';
import { Loading } from '../../components/layout/LoadState';
import { toaster } from '../../components/layout/toast-queue';
import { useResource } from '../../lib/use-resource';

const TABS = [
  { value: 'profile', label: 'Profile Information' },
  { value: 'password', label: 'Password & Security' },
  { value: 'notifications', label: 'Notification Preferences' },
  { value: 'address', label: 'Address Information' },
  { value: 'payment', label: 'Payment Methods' },
  { value: 'privacy', label: 'Privacy & Your Data' },
] as const;

type TabValue = (typeof TABS)[number]['value'];

/**
 * Account Settings: six tabs. `?tab=` opens one (Stripe's card page comes back to `?tab=payment`,
 * with `&card=saved` once a card was saved, which is said once and dropped from the address).
 */
export default function SettingsPage() {
  const { state, setData: onSaved } = useResource(fetchAccount, { unauthorized: 'sign-in' });
  const [searchParams, setSearchParams] = useSearchParams();
  const requestedTab = TABS.find((tab) => tab.value === searchParams.get('tab'))?.value;
  const openingTab = useRef<TabValue>(requestedTab ?? 'profile');
  const cardSaved = searchParams.get('card') === 'saved';
  const toldCardSaved = useRef(false);
  useEffect(() => {
    if (!cardSaved || toldCardSaved.current) return;
    toldCardSaved.current = true;
    toaster.create({ type: 'success', title: 'Your card is saved.' });
    setSearchParams({ tab: 'payment' }, { replace: true });
  }, [cardSaved, setSearchParams]);

  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }} px={{ base: '4', md: '8' }}>
      <Button asChild variant="ghost" colorPalette="brand" mb="4" px="2">
        <RouterLink to="/account">← Back to Account</RouterLink>
      </Button>
      <Heading as="h1" size="3xl" fontFamily="heading" color="brand.800" mb="6">
        Account Settings
      </Heading>
      {state.kind === 'loading' && <Loading size="page">Loading your account…</Loading>}
      {state.kind === 'failed' && (
        <Text color="red.700">
          {state.error instanceof Error ? state.error.message : 'Error loading your account. Please try again.'}
        </Text>
      )}
      {state.kind === 'loaded' && (
        <Tabs.Root
          defaultValue={openingTab.current}
          orientation="vertical"
          variant="subtle"
          colorPalette="brand"
          display="flex"
          flexDirection={{ base: 'column', md: 'row' }}
          gap={{ base: '4', md: '8' }}
        >
          <Tabs.List
            aria-label="Account settings"
            flexShrink={0}
            w={{ base: 'full', md: '64' }}
            borderWidth="1px"
            rounded="lg"
            p="2"
            bg="white"
          >
            {TABS.map((tab) => (
              <Tabs.Trigger key={tab.value} value={tab.value} justifyContent="flex-start" w="full">
                {tab.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Box flex="1" minW="0" bg="white" borderWidth="1px" rounded="lg" p={{ base: 4, md: 6 }}>
            <Tabs.Content value="profile" p="0">
              <ProfileTab client={state.data} onSaved={onSaved} />
            </Tabs.Content>
            <Tabs.Content value="password" p="0">
              <PasswordTab />
            </Tabs.Content>
            <Tabs.Content value="notifications" p="0">
              <NotificationsTab client={state.data} onSaved={onSaved} />
            </Tabs.Content>
            <Tabs.Content value="address" p="0">
              <AddressTab client={state.data} onSaved={onSaved} />
            </Tabs.Content>
            <Tabs.Content value="payment" p="0">
              <PaymentMethodsTab />
            </Tabs.Content>
            <Tabs.Content value="privacy" p="0">
              <PrivacyTab client={state.data} />
            </Tabs.Content>
          </Box>
        </Tabs.Root>
      )}
    </Container>
  );
}
