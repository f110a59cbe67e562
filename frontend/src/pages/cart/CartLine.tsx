import { Box, Button, Flex, HStack, Heading, IconButton, List, Stack, Text } from '@chakra-ui/react';
import type { CartLineView } from '#domain/cart/view';
import { formatCents } from '#domain/pricing/money';
import { ConfigurationThumbnail } from '../../components/illustration/BlindIllustration';
import { UnitPrice } from '../../components/catalogue/UnitPrice';

interface CartLineProps {
  line: CartLineView;
  /** A change to the cart is being saved: the controls wait for it. */
  saving: boolean;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}

export function CartLine({ line, saving, onQuantity, onRemove }: CartLineProps) {
  const headingId = `cart-line-${line.id}`;
  return (
    <Box
      as="li"
      listStyleType="none"
      borderWidth="1px"
      borderColor="gray.200"
      rounded="lg"
      p="4"
      bg="white"
      aria-labelledby={headingId}
    >
      <Flex gap="4" align="flex-start">
        <ConfigurationThumbnail configuration={line.configuration} />
        <Flex direction={{ base: 'column', md: 'row' }} gap="4" justify="space-between" flex="1" minW="0">
          <Stack gap="1" minW="0">
            <Heading as="h3" id={headingId} size="sm" color="brand.800">
              {line.title}
            </Heading>
            <List.Root gap="0.5" fontSize="sm" color="gray.700" listStyleType="none">
              {line.description.map((text) => (
                <List.Item key={text}>{text}</List.Item>
              ))}
            </List.Root>
            {line.priceChanged && (
              <Text fontSize="sm" color="orange.800" data-testid="price-changed">
                The price changed since you added this item: was {formatCents(line.addedUnitCents)}, now{' '}
                {formatCents(line.unitCents)} each.
              </Text>
            )}
            {line.priceError && (
              <Text fontSize="sm" color="red.700">
                {line.priceError} This item is left out of the subtotal; please call us or remove it.
              </Text>
            )}
          </Stack>
          <Stack gap="2" align={{ base: 'stretch', md: 'flex-end' }} flexShrink={0}>
            <Text fontWeight="bold" fontSize="lg" data-testid="line-total">
              {formatCents(line.lineCents)}
            </Text>
            <Text fontSize="sm" color="gray.600" data-testid="unit-price">
              <UnitPrice unitCents={line.unitCents} listUnitCents={line.listUnitCents} />
            </Text>
            <HStack gap="2">
              <IconButton
                aria-label={`Decrease quantity of ${line.title}`}
                variant="outline"
                size="sm"
                disabled={saving || line.quantity <= 1}
                onClick={() => onQuantity(line.quantity - 1)}
              >
                −
              </IconButton>
              <Text as="output" minW="8" textAlign="center" aria-live="polite" aria-label={`Quantity of ${line.title}`}>
                {line.quantity}
              </Text>
              <IconButton
                aria-label={`Increase quantity of ${line.title}`}
                variant="outline"
                size="sm"
                disabled={saving}
                onClick={() => onQuantity(line.quantity + 1)}
              >
                +
              </IconButton>
              <Button
                variant="ghost"
                size="sm"
                colorPalette="red"
                disabled={saving}
                onClick={onRemove}
                aria-label={`Remove ${line.title} from cart`}
              >
                Remove
              </Button>
            </HStack>
          </Stack>
        </Flex>
      </Flex>
    </Box>
  );
}
