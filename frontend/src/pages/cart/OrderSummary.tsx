import { Box, Button, Flex, Heading, Separator, Stack, Text } from '@chakra-ui/react';
import type { CartView } from '#domain/cart/view';
import { ESTIMATED_TAX_PERCENT } from '#domain/cart/totals';
import { formatCents } from '#domain/pricing/money';
import { DeliveryDate } from '../../components/catalogue/DeliveryDate';
import { PromoCodeField } from '../../components/form/PromoCodeField';
import { PURCHASE_ORDER_BILLING } from '../../lib/partner-mode';
import { CartSavings } from './CartSavings';

function SummaryRow({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Flex justify="space-between" gap="4" fontWeight={strong ? 'bold' : 'normal'} fontSize={strong ? 'lg' : 'md'}>
      <Text as="span">{label}</Text>
      <Text as="span">{value}</Text>
    </Flex>
  );
}

export function OrderSummary({
  cart,
  onCheckout,
  onSaveQuote,
  promoCode,
}: {
  cart: CartView;
  onCheckout: () => void;
  /** Save as quote (a card checkout's cart; not a punch-out buyer's). */
  onSaveQuote: (() => void) | null;
  /** Where a code is entered; null for a punch-out buyer, whose contract prices take no promotion. */
  promoCode: { onChange: (code: string) => void; busy: boolean } | null;
}) {
  const purchaseOrder = cart.billing === 'purchaseOrder';
  return (
    <Box
      as="section"
      aria-labelledby="summary-heading"
      borderWidth="1px"
      borderColor="gray.200"
      rounded="lg"
      p="5"
      bg="white"
    >
      <Heading as="h2" id="summary-heading" size="md" color="brand.800">
        Order Summary
      </Heading>
      <Stack mt="4" gap="2" data-testid="order-summary">
        <SummaryRow
          label={`Subtotal (${cart.itemCount} ${cart.itemCount === 1 ? 'item' : 'items'})`}
          value={formatCents(cart.subtotalCents)}
        />
        <CartSavings cart={cart} />
        {!purchaseOrder && (
          <SummaryRow label={`Estimated tax (${ESTIMATED_TAX_PERCENT}%)`} value={formatCents(cart.estimatedTaxCents)} />
        )}
        <SummaryRow label="Shipping" value={cart.shipping} />
        <Separator my="2" />
        <SummaryRow
          label={purchaseOrder ? 'Total' : 'Estimated total'}
          value={formatCents(cart.estimatedTotalCents)}
          strong
        />
      </Stack>
      <DeliveryDate mt="3" fontSize="sm" families={cart.items.map((item) => item.configuration.family)} />
      {purchaseOrder && (
        <Text mt="3" fontSize="sm" color="gray.700">
          {PURCHASE_ORDER_BILLING}
        </Text>
      )}
      {promoCode && (
        <Box mt="4">
          <PromoCodeField id="cart-promo-code" outcome={cart.promoCode} {...promoCode} />
        </Box>
      )}
      <Button mt="5" w="full" size="lg" colorPalette="brand" onClick={onCheckout}>
        Proceed to Checkout
      </Button>
      {onSaveQuote && (
        <>
          <Button mt="2" w="full" variant="outline" colorPalette="brand" onClick={onSaveQuote}>
            Save as quote
          </Button>
          <Text mt="1" fontSize="xs" color="gray.700">
            Keeps today&apos;s prices for 30 days, as a PDF and a link to share with an owner.
          </Text>
        </>
      )}
    </Box>
  );
}
