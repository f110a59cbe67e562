import { Box, DataList, Heading, Text } from '@chakra-ui/react';
import { PAYMENT_TERMS_DAYS, PAYMENT_TERMS_LABELS, type CreditAccountView } from '#domain/accounts/payment-terms';
import { formatCents } from '#domain/pricing/money';
import { fetchCreditAccount } from '../../../api/account';
import { LoadFailed, Loading } from '../../../components/layout/LoadState';
import { useResource } from '../../../lib/use-resource';
import { OpenInvoicesSection } from './OpenInvoicesSection';
import { SavedCardsSection } from './SavedCardsSection';

/** A client's payment terms: what staff approved, and how much of the limit their unpaid orders on account hold. */
function CreditAccountSection({
  account,
}: {
  account: CreditAccountView & { terms: NonNullable<CreditAccountView['terms']> };
}) {
  const facts = [
    [
      'Terms',
      `${PAYMENT_TERMS_LABELS[account.terms]}: invoices are due ${PAYMENT_TERMS_DAYS[account.terms]} days after their date`,
    ],
    ['Credit limit', formatCents(account.creditLimitCents)],
    ['Held by open orders', formatCents(account.heldCents)],
    ['Available', formatCents(account.availableCents)],
  ] as const;
  return (
    <Box
      as="section"
      aria-labelledby="credit-account-heading"
      mb="5"
      borderWidth="1px"
      borderColor="gray.200"
      rounded="lg"
      p={{ base: '4', md: '6' }}
    >
      <Heading as="h3" id="credit-account-heading" size="md" color="brand.800" mb="1">
        Pay on account
      </Heading>
      <Text mb="4" color="gray.700">
        You may place orders on account with your PO number at checkout: we invoice them under your terms.
      </Text>
      <DataList.Root orientation="horizontal" data-testid="credit-account">
        {facts.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue fontWeight="semibold">{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
    </Box>
  );
}

/** Payment Methods: the client's cards saved with Stripe and, for a client on account, their terms, credit and open invoices. */
export function PaymentMethodsTab() {
  const { state, reload } = useResource(fetchCreditAccount);
  return (
    <>
      <Heading as="h2" size="lg" color="brand.800">
        Payment Methods
      </Heading>
      <Text mt="1" mb="5" color="gray.700">
        How you pay for your orders.
      </Text>
      <SavedCardsSection />
      {state.kind === 'loading' && <Loading mb="5">Loading your payment terms…</Loading>}
      {state.kind === 'failed' && (
        <Box mb="5">
          <LoadFailed title="Could not load your payment terms." onRetry={reload} />
        </Box>
      )}
      {state.kind === 'loaded' && state.data?.terms && (
        <CreditAccountSection account={{ ...state.data, terms: state.data.terms }} />
      )}
      <OpenInvoicesSection />
    </>
  );
}
