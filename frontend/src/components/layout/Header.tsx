import { Box, Container, Flex, HStack } from '@chakra-ui/react';
import { CartButton } from './CartButton';
import { CategoryMenu } from './CategoryMenu';
import { Logo } from './Logo';
import { MobileMenu } from './MobileMenu';
import { TopBar } from './TopBar';

export function Header() {
  return (
    <Box as="header" className="site-header" position="sticky" top="0" zIndex="sticky" bg="white" boxShadow="sm">
      <TopBar />
      <Container maxW="7xl">
        <Flex h={{ base: '16', xl: '18' }} align="center" justify="space-between" gap="4">
          <Logo />
          <Box as="nav" aria-label="Product categories" display={{ base: 'none', xl: 'block' }}>
            <CategoryMenu />
          </Box>
          <HStack gap="1">
            <CartButton />
            <MobileMenu />
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}
