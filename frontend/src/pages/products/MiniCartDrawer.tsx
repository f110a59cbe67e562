import { Button, HStack, Heading, List, Separator, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { CartView } from '#domain/cart/view';
import { lineKey } from '#domain/cart/line';
import type { Configuration } from '#domain/pricing/configuration';
import { formatCents } from '#domain/pricing/money';
import { SiteDrawer } from '../../components/dialog/SiteDrawer';
import { ConfigurationThumbnail } from '../../components/illustration/BlindIllustration';
import { CartSavings } from '../cart/CartSavings';
import { DeliveryDate } from '../../components/catalogue/DeliveryDate';
import { UnitPrice } from '../../components/catalogue/UnitPrice';

/** What was just added: the cart the add answered with, and the blind and room that were added. */
export interface AddedToCart {
  cart: CartView;
  configuration: Configuration;
  roomLabel: string | null;
}

/**
 * After Add to Cart (issue 14): the line just added with its price, the cart's subtotal and item
 * count, the cart's delivered-by date as the cart states it (issue 29), Continue Shopping and View Cart. Focus moves in when it opens and back to `returnFocusTo`
 * (the button pressed; it was disabled while adding, so the browser no longer remembers it).
 */
export function MiniCartDrawer({
  added,
  onClose,
  returnFocusTo,
}: {
  added: AddedToCart | null;
  onClose: () => void;
  returnFocusTo: () => HTMLElement | null;
}) {
  const key = added ? lineKey(added.configuration, added.roomLabel) : null;
  const line = added?.cart.items.find((item) => lineKey(item.configuration, item.roomLabel) === key);
  const count = added?.cart.itemCount ?? 0;
  return (
    <SiteDrawer
      open={added !== null}
      onClose={onClose}
      title="Added to your cart"
      size={{ base: 'full', md: 'sm' }}
      finalFocusEl={returnFocusTo}
      closeLabel="Close"
      footer={
        <>
          <Button variant="outline" colorPalette="brand" flex={{ base: 'none', sm: '1' }} onClick={onClose}>
            Continue Shopping
          </Button>
          <Button asChild colorPalette="brand" flex={{ base: 'none', sm: '1' }}>
            <RouterLink to="/cart">View Cart</RouterLink>
          </Button>
        </>
      }
    >
      {added && (
        <Stack gap="4">
          {line && (
            <HStack align="flex-start" gap="3">
              <ConfigurationThumbnail configuration={line.configuration} />
              <Stack gap="1" data-testid="mini-cart-line">
                <Heading as="h3" size="sm" color="brand.800">
                  {line.title}
                </Heading>
                <List.Root gap="0.5" fontSize="sm" color="gray.700" listStyleType="none">
                  {line.description.map((text) => (
                    <List.Item key={text}>{text}</List.Item>
                  ))}
                  <List.Item>Quantity: {line.quantity}</List.Item>
                </List.Root>
                <Text fontWeight="bold">
                  {formatCents(line.lineCents)}
                  {line.quantity > 1 && (
                    <Text as="span" fontWeight="normal" fontSize="sm" color="gray.600">
                      {' '}
                      (<UnitPrice unitCents={line.unitCents} listUnitCents={line.listUnitCents} />)
                    </Text>
                  )}
                </Text>
              </Stack>
            </HStack>
          )}
          <Separator />
          <HStack justify="space-between" fontWeight="semibold" data-testid="mini-cart-subtotal">
            <Text>
              Cart subtotal ({count} {count === 1 ? 'item' : 'items'})
            </Text>
            <Text>{formatCents(added.cart.subtotalCents)}</Text>
          </HStack>
          <CartSavings cart={added.cart} />
          <DeliveryDate fontSize="sm" families={added.cart.items.map((item) => item.configuration.family)} />
        </Stack>
      )}
    </SiteDrawer>
  );
}
