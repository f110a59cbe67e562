import { Box, Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { formatBadgeCount } from '../../lib/badge';
import { CartIcon } from '../icons';
import { useCartCount } from './useCartCount';

export function CartButton() {
  const count = useCartCount();
  const badge = formatBadgeCount(count);
  return (
    <Link
      asChild
      position="relative"
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      boxSize="11"
      rounded="full"
      color="brand.800"
      _hover={{ bg: 'brand.50' }}
    >
      <RouterLink to="/cart" aria-label={`Shopping cart, ${badge} ${count === 1 ? 'item' : 'items'}`}>
        <CartIcon boxSize="6" />
        <Box
          as="span"
          data-testid="cart-badge"
          aria-hidden
          position="absolute"
          top="0.5"
          right="0"
          minW="5"
          h="5"
          px="1"
          rounded="full"
          bg="oak.700"
          color="white"
          fontSize="xs"
          fontWeight="bold"
          lineHeight="20px"
          textAlign="center"
        >
          {badge}
        </Box>
      </RouterLink>
    </Link>
  );
}
