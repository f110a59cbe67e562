import { Box, Button, Container, Flex, HStack, Link, Text } from '@chakra-ui/react';
import { useAtomValue, useSetAtom } from 'jotai';
import { BUSINESS } from '../../business';
import { useOfficeHours } from '../../lib/office-hours';
import { DELIVERY_CLAIM } from '#domain/claims';
import { measureModalOpenAtom, partnerBuyerAtom } from '../../state';
import { ClockIcon, PhoneIcon, RulerIcon, TruckIcon } from '../icons';
import { AccountMenu } from './AccountMenu';

export function TopBar() {
  const partner = useAtomValue(partnerBuyerAtom);
  const openMeasureModal = useSetAtom(measureModalOpenAtom);
  const officeHours = useOfficeHours();

  return (
    <Box bg="brand.900" color="white" fontSize="sm">
      <Container maxW="7xl">
        <Flex minH="9" align="center" justify="space-between" gap="4" py="1">
          <HStack gap="5" minW="0">
            <Link
              href={`tel:${BUSINESS.phoneE164}`}
              color="white"
              fontWeight="semibold"
              display="inline-flex"
              gap="1.5"
            >
              <PhoneIcon boxSize="3.5" />
              {BUSINESS.phoneDisplay}
            </Link>
            <HStack gap="1.5" display={{ base: 'none', md: 'flex' }}>
              <ClockIcon boxSize="3.5" />
              <Text as="span">{officeHours.headerText}</Text>
            </HStack>
            <HStack gap="1.5" display={{ base: 'none', xl: 'flex' }}>
              <TruckIcon boxSize="3.5" />
              <Text as="span">{DELIVERY_CLAIM.note}</Text>
            </HStack>
          </HStack>
          <HStack gap="5" display={{ base: 'none', lg: 'flex' }}>
            {!partner && (
              <Button
                variant="plain"
                size="xs"
                color="oak.200"
                px="0"
                h="auto"
                fontWeight="semibold"
                onClick={() => openMeasureModal(true)}
              >
                <RulerIcon boxSize="3.5" />
                Schedule a Measure
              </Button>
            )}
            <AccountMenu />
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}
