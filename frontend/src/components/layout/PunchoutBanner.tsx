import { Box, Button, Container, Flex, Text } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { partnerCheckoutHeading } from '../../lib/partner-mode';
import { punchoutSessionAtom } from '../../state';

/** Shown over every page while a punch-out session lives: whose requisition this is and the way back to the buyer's system. */
export function PunchoutBanner() {
  const session = useAtomValue(punchoutSessionAtom);
  const { pathname } = useLocation();
  if (!session) return null;

  return (
    <Box
      as="aside"
      aria-label="Punch-out session"
      bg="oak.100"
      color="brand.900"
      borderBottomWidth="1px"
      borderColor="oak.300"
      fontSize="sm"
    >
      <Container maxW="7xl">
        <Flex minH="10" py="1.5" align="center" justify="space-between" gap="3" wrap="wrap">
          <Text>
            <Text as="span" fontWeight="semibold">
              Punch-out session for {session.propertyAccount}
            </Text>{' '}
            from {session.buyerSystem}
            {session.operation === 'inspect' && ' · Viewing requisition (read only)'}
          </Text>
          {pathname !== '/checkout' && (
            <Button asChild size="xs" colorPalette="brand">
              <RouterLink to="/checkout">{partnerCheckoutHeading(session.buyerSystem)}</RouterLink>
            </Button>
          )}
        </Flex>
      </Container>
    </Box>
  );
}
