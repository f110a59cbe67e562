import { Button, Container, Flex, Heading, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

/** /checkout/cancel: the customer left the payment page. Nothing was charged and the cart is as they left it. */
export default function CheckoutCancelPage() {
  return (
    <Container maxW="3xl" py={{ base: '8', md: '12' }} px={{ base: '4', md: '8' }}>
      <Heading as="h1" size="3xl" fontFamily="heading" color="brand.800">
        Checkout Cancelled
      </Heading>
      <Text mt="4" fontSize="lg" color="gray.800">
        Your payment was cancelled and your card was not charged.
      </Text>
      <Text mt="2" color="gray.700">
        Your cart is saved just as you left it, so you can check out whenever you are ready.
      </Text>
      <Flex mt="6" gap="3" wrap="wrap">
        <Button asChild colorPalette="brand">
          <RouterLink to="/cart">Return to Cart</RouterLink>
        </Button>
        <Button asChild colorPalette="brand" variant="outline">
          <RouterLink to="/">Continue Shopping</RouterLink>
        </Button>
      </Flex>
    </Container>
  );
}
