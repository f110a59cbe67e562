import { Box, Button, Container, Flex, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { PartnerSessionView } from '#domain/punchout/session';
import { fetchPartnerSession, partnerErrorOf } from '../../api/punchout';
import { partnerCheckoutHeading } from '../../lib/partner-mode';

type PartnerAccountState =
  { kind: 'loading' } | { kind: 'loaded'; session: PartnerSessionView } | { kind: 'failed'; message: string };

const SESSION_ENDS = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * My Account for a punch-out buyer, viewable without a sign-in while a client id is stored. The
 * partner token reaches no customer data, so the page shows what the punch-out session holds: who
 * is buying, for which account, until when, and the way back.
 */
export function PartnerAccount() {
  const [state, setState] = useState<PartnerAccountState>({ kind: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    fetchPartnerSession({ signal: controller.signal }).then(
      (session) => setState({ kind: 'loaded', session }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({
          kind: 'failed',
          message:
            partnerErrorOf(error) ?? 'Your punch-out session could not be loaded. Please try punching out again.',
        });
      },
    );
    return () => controller.abort();
  }, []);

  return (
    <Container maxW="4xl" py={{ base: '8', md: '12' }} px={{ base: '4', md: '8' }}>
      <Heading as="h1" size="3xl" fontFamily="heading" color="brand.800">
        My Account
      </Heading>
      {state.kind === 'loading' && (
        <Flex mt="8" align="center" gap="3" role="status" minH="40">
          <Spinner color="brand.600" />
          <Text>Loading your punch-out session…</Text>
        </Flex>
      )}
      {state.kind === 'failed' && (
        <Text mt="8" role="alert" color="red.700">
          {state.message}
        </Text>
      )}
      {state.kind === 'loaded' && (
        <Box mt="8" borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '6' }}>
          <Heading as="h2" size="lg">
            Punch-out session
          </Heading>
          <Stack as="dl" mt="4" gap="2">
            {[
              [
                'Buyer',
                `${state.session.clientData.firstName} ${state.session.clientData.lastName}`.trim() ||
                  state.session.clientData.email,
              ],
              ['E-mail', state.session.clientData.email],
              ['Property account', state.session.realPagePropertyAccount],
              ['Procurement system', state.session.buyerSystem],
              ['Session ends', SESSION_ENDS.format(new Date(state.session.expiresAt))],
            ].map(([term, value]) => (
              <Flex key={term} gap="2" direction={{ base: 'column', sm: 'row' }}>
                <Text as="dt" fontWeight="semibold" minW="44">
                  {term}
                </Text>
                <Text as="dd">{value}</Text>
              </Flex>
            ))}
          </Stack>
          <Text mt="4" color="gray.700">
            Orders you submit go back to {state.session.buyerSystem} for approval; they appear there, not in this shop's
            order history.
          </Text>
          <Flex mt="6" gap="3" wrap="wrap">
            <Button asChild variant="outline" colorPalette="brand">
              <RouterLink to="/cart">View Cart</RouterLink>
            </Button>
            <Button asChild colorPalette="brand">
              <RouterLink to="/checkout">{partnerCheckoutHeading(state.session.buyerSystem)}</RouterLink>
            </Button>
          </Flex>
        </Box>
      )}
    </Container>
  );
}
