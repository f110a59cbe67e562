import { Box, Button, Container, Flex, HStack } from '@chakra-ui/react';
import { useAtomValue, useSetAtom } from 'jotai';
import { measureModalOpenAtom, partnerBuyerAtom } from '../../state';
import { RulerIcon } from '../icons';
import { CartButton } from './CartButton';
import { CategoryMenu } from './CategoryMenu';
import { Logo } from './Logo';
import { MobileMenu } from './MobileMenu';
import { TopBar } from './TopBar';

export function Header() {
  const partner = useAtomValue(partnerBuyerAtom);
  const openMeasureModal = useSetAtom(measureModalOpenAtom);

  return (
    <Box as="header" className="site-header" position="sticky" top="0" zIndex="sticky" bg="white" boxShadow="sm">
      <TopBar />
      <Container maxW="7xl">
        <Flex h={{ base: '16', lg: '18' }} align="center" justify="space-between" gap="4">
          <Logo />
          <Box as="nav" aria-label="Product categories" display={{ base: 'none', lg: 'block' }}>
            <CategoryMenu />
          </Box>
          <HStack gap="1">
            {!partner && (
              <Button
                colorPalette="oak"
                size="sm"
                display={{ base: 'none', lg: 'inline-flex' }}
                onClick={() => openMeasureModal(true)}
                mr="2"
              >
                <RulerIcon boxSize="4" />
                Schedule a Measure
              </Button>
            )}
            <CartButton />
            <MobileMenu />
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}
