import { Alert, Heading, Text } from '@chakra-ui/react';

/** Payment Methods: the shop keeps no cards; they are entered at checkout with Stripe. */
export function PaymentMethodsTab() {
  return (
    <>
      <Heading as="h2" size="lg" color="brand.800">
        Payment Methods
      </Heading>
      <Text mt="1" mb="5" color="gray.700">
        How you pay for your orders.
      </Text>
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>No cards are stored with us</Alert.Title>
          <Alert.Description>
            You enter your card securely at checkout, on Stripe's payment page. We never see or keep your card details,
            so there is nothing to manage here.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    </>
  );
}
