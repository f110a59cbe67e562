import { Alert, chakra, Container, Grid, Heading, Stack } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import type { ReactNode } from 'react';
import type { Property } from '../../../api/properties';
import { Loading } from '../../../components/layout/LoadState';
import {
  BillingAddressSection,
  CustomerSection,
  NotesSection,
  PaymentSection,
  ShippingAddressSection,
  ShippingPolicySection,
} from './CheckoutSections';
import { FitCheckSection } from './FitCheckSection';
import { InstallationSection } from './InstallationSection';
import { OrderSummary } from './OrderSummary';
import { useCheckoutForm } from './useCheckoutForm';
import { useCheckoutStart, type CheckoutStart } from './useCheckoutStart';

function CheckoutFrame({ children }: { children: ReactNode }) {
  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }} px={{ base: '4', md: '8' }}>
      <Heading as="h1" size="3xl" fontFamily="heading" color="brand.800">
        Checkout
      </Heading>
      {children}
    </Container>
  );
}

function CheckoutForm({ start, properties }: { start: CheckoutStart; properties: Property[] }) {
  const checkout = useCheckoutForm(start, properties);
  // From the cart's Save as quote: the same form says who the quote is for and where the blinds go.
  const [searchParams] = useSearchParams();
  return (
    <chakra.form ref={checkout.form.formRef} onSubmit={checkout.placeOrderAndPay} noValidate mt="6">
      {searchParams.get('save') === 'quote' && (
        <Alert.Root status="info" mb="6">
          <Alert.Indicator />
          <Alert.Description>
            Enter who the quote is for and where the blinds go, then choose Save as quote under the order summary.
          </Alert.Description>
        </Alert.Root>
      )}
      <chakra.fieldset disabled={checkout.processing} border="0" p="0" m="0" minW="0">
        <Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap="6" alignItems="start">
          <Stack gap="6" minW="0">
            <FitCheckSection checkout={checkout} />
            <CustomerSection checkout={checkout} />
            <ShippingPolicySection />
            <ShippingAddressSection checkout={checkout} properties={properties} />
            <BillingAddressSection checkout={checkout} />
            {checkout.installationAvailable && <InstallationSection checkout={checkout} />}
            <NotesSection checkout={checkout} />
            <PaymentSection checkout={checkout} />
          </Stack>
          <OrderSummary checkout={checkout} />
        </Grid>
      </chakra.fieldset>
    </chakra.form>
  );
}

/** Checkout paid by card: who, where to ship and bill, installation and notes, then the payment provider's page. */
export function CardCheckout() {
  const { start, properties } = useCheckoutStart();
  return (
    <CheckoutFrame>
      {start ? (
        <CheckoutForm start={start} properties={properties} />
      ) : (
        <Loading size="page">Loading your order…</Loading>
      )}
    </CheckoutFrame>
  );
}
