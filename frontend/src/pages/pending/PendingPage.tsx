import { Container, Heading, Link, Text } from '@chakra-ui/react';
import { BUSINESS, OFFICE_HOURS } from '../../../../domain/business';

/** A page whose online version is still being built: its real heading and a way to get it done today. */
export function pendingPage(heading: string) {
  function PendingPage() {
    return (
      <Container maxW="3xl" py={{ base: '12', md: '20' }}>
        <Heading as="h1" size="3xl" fontFamily="heading" color="brand.800">
          {heading}
        </Heading>
        <Text mt="4" fontSize="lg" color="gray.700">
          This page opens soon. Meanwhile our team takes care of it by phone: call{' '}
          <Link href={`tel:${BUSINESS.phoneE164}`} color="brand.700" fontWeight="bold">
            {BUSINESS.phoneDisplay}
          </Link>{' '}
          ({OFFICE_HOURS.headerText}).
        </Text>
      </Container>
    );
  }
  PendingPage.displayName = `PendingPage(${heading})`;
  return PendingPage;
}
