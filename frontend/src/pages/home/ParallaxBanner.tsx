import { Box, Container, Heading, Text } from '@chakra-ui/react';
import { BUSINESS } from '../../business';
import { groupThousands } from '#domain/thousands';

export function ParallaxBanner() {
  return (
    <Box
      as="section"
      aria-labelledby="parallax-heading"
      position="relative"
      bgImage="url(/images/parallax-delivery.svg)"
      bgSize="cover"
      backgroundPosition="center"
      bgAttachment={{ base: 'scroll', md: 'fixed' }}
      css={{ '@media (prefers-reduced-motion: reduce)': { backgroundAttachment: 'scroll' } }}
    >
      <Box bg="brand.950/75" py={{ base: '16', md: '28' }}>
        <Container maxW="4xl" textAlign="center" color="white">
          <Heading id="parallax-heading" as="h2" fontSize={{ base: '3xl', md: '5xl' }} lineHeight="1.1">
            Measured Monday. Installed by Friday.
          </Heading>
          <Text mt="5" fontSize={{ base: 'lg', md: 'xl' }} color="brand.50">
            Since {BUSINESS.launchedYear}, our {groupThousands(BUSINESS.warehouseSqFt)} sq ft partner warehouse and our
            own delivery vans have kept DFW properties on schedule, with a Fit Assurance remake if a blind ever does not
            fit.
          </Text>
        </Container>
      </Box>
    </Box>
  );
}
