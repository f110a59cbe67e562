import { Box, Button, Container, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { clientDisplayName } from '#domain/accounts/client';
import { fetchAccount, fetchSavedProducts } from '../../api/account';
import { fetchMyOrders } from '../../api/orders';
import { fetchMyQuotes } from '../../api/customer-quotes';
import { fetchMyPriceMatches } from '../../api/price-matches';
import { toaster } from '../../components/layout/toast-queue';
import { localReader } from '../../lib/browser-storage';
import { storedPunchoutSession } from '../../lib/partner-mode';
import { punchoutSessionAtom } from '../../state';
import { OrderHistoryCard } from './OrderHistoryCard';
import { PartnerAccount } from './PartnerAccount';
import { PriceMatchesCard } from './PriceMatchesCard';
import { QuotesCard } from './QuotesCard';
import { SavedProductsCard } from './SavedProductsCard';
import { useResource } from '../../lib/use-resource';

/** My Account: a punch-out buyer's session, or a customer's own account. */
export default function AccountPage() {
  const banner = useAtomValue(punchoutSessionAtom);
  return banner || storedPunchoutSession(localReader, Date.now()) ? <PartnerAccount /> : <CustomerAccount />;
}

/** My Account: settings, properties, saved products, order history, quotes and any price match requests. */
function CustomerAccount() {
  const account = useResource(fetchAccount, { unauthorized: 'sign-in' });
  const saved = useResource(fetchSavedProducts, { unauthorized: 'sign-in' });
  const orders = useResource(fetchMyOrders, { unauthorized: 'sign-in' });
  const priceMatches = useResource(fetchMyPriceMatches, { unauthorized: 'sign-in' });
  const quotes = useResource(fetchMyQuotes, { unauthorized: 'sign-in' });
  const client = account.state.kind === 'loaded' ? account.state.data : null;

  useEffect(() => {
    if (account.state.kind !== 'failed') return;
    const { error } = account.state;
    toaster.create({
      type: 'error',
      title: error instanceof Error ? error.message : 'Error loading your account. Please try again.',
    });
  }, [account.state]);

  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }} px={{ base: '4', md: '8' }}>
      <Flex
        justify="space-between"
        align={{ base: 'flex-start', md: 'center' }}
        gap="4"
        direction={{ base: 'column', md: 'row' }}
      >
        <Box>
          <Heading as="h1" size="3xl" fontFamily="heading" color="brand.800">
            My Account
          </Heading>
          {client && (
            <Text mt="1" color="gray.700">
              Welcome back, {clientDisplayName(client)}.
            </Text>
          )}
        </Box>
        <Flex gap="3" wrap="wrap">
          <Button asChild variant="outline" colorPalette="brand">
            <RouterLink to="/account/properties">My Properties</RouterLink>
          </Button>
          <Button asChild colorPalette="brand">
            <RouterLink to="/account/settings">Account Settings</RouterLink>
          </Button>
        </Flex>
      </Flex>

      <Stack gap="6" mt="8">
        <SavedProductsCard state={saved.state} onChange={saved.setData} />
        <OrderHistoryCard state={orders.state} email={client?.email ?? null} />
        <QuotesCard state={quotes.state} />
        <PriceMatchesCard state={priceMatches.state} />
      </Stack>
    </Container>
  );
}
