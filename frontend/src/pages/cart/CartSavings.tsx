import { Flex, Text } from '@chakra-ui/react';
import type { CartView } from '#domain/cart/view';
import { formatCents } from '#domain/pricing/money';

/** The discounts the cart's blinds reach, each with what it takes off, and what the next volume tier needs. */
export function CartSavings({ cart }: { cart: Pick<CartView, 'discounts' | 'volumeNudge'> }) {
  return (
    <>
      {cart.discounts.map((discount) => (
        <Flex key={discount.kind} justify="space-between" gap="4" color="green.700" data-testid="cart-discount">
          <Text as="span">{discount.label}</Text>
          <Text as="span">{formatCents(-discount.cents)}</Text>
        </Flex>
      ))}
      {cart.volumeNudge && (
        <Text fontSize="sm" color="brand.700" fontWeight="semibold" data-testid="volume-nudge">
          {cart.volumeNudge}
        </Text>
      )}
    </>
  );
}
