import { Box, Container, Flex, HStack, Link, Text } from '@chakra-ui/react';
import { BUSINESS, OFFICE_HOURS } from '../../../../domain/business';
import { ClockIcon, PhoneIcon, TruckIcon } from '../icons';
import { AccountMenu } from './AccountMenu';

export function TopBar() {
  return (
    <Box bg="brand.900" color="white" fontSize="sm">
      <Container maxW="7xl">
        <Flex minH="9" align="center" justify="space-between" gap="4" py="1">
          <HStack gap="5" minW="0">
            <Link href={`tel:${BUSINESS.phoneE164}`} color="white" fontWeight="semibold" display="inline-flex" gap="1.5">
              <PhoneIcon boxSize="3.5" />
              {BUSINESS.phoneDisplay}
            </Link>
            <HStack gap="1.5" display={{ base: 'none', md: 'flex' }}>
              <ClockIcon boxSize="3.5" />
              <Text as="span">{OFFICE_HOURS.headerText}</Text>
            </HStack>
            <HStack gap="1.5" display={{ base: 'none', xl: 'flex' }}>
              <TruckIcon boxSize="3.5" />
              <Text as="span">{BUSINESS.shippingNote}</Text>
            </HStack>
          </HStack>
          <Box display={{ base: 'none', lg: 'block' }}>
            <AccountMenu />
          </Box>
        </Flex>
      </Container>
    </Box>
  );
}
