import { Box, Button, Container, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useAtomValue, useSetAtom } from 'jotai';
import { DELIVERY_TIME, PRODUCTION_TIME, WHOLESALE_SAVING_CLAIM } from '#domain/claims';
import { ClipboardIcon, RulerIcon, WrenchIcon } from '../../components/icons';
import { measureModalOpenAtom, partnerBuyerAtom } from '../../state';
import { CATEGORIES_SECTION_ID, scrollToSection } from './sections';

const STEPS = [
  { title: 'Measure', text: 'Free in-home measuring in DFW, accurate to 1/8 inch.', Icon: RulerIcon },
  { title: 'Order', text: `Live wholesale pricing, ${WHOLESALE_SAVING_CLAIM}.`, Icon: ClipboardIcon },
  {
    title: 'Install',
    text: `Made in ${PRODUCTION_TIME}, delivered ${DELIVERY_TIME} later, installed by our own crew.`,
    Icon: WrenchIcon,
  },
] as const;

/** Partner buyers are not offered the free measurement, so their first step says what they measure themselves. */
const PARTNER_MEASURE_TEXT = 'Measure each window to 1/8 inch with our guide.';

export function Hero() {
  const partner = useAtomValue(partnerBuyerAtom);
  const openMeasureModal = useSetAtom(measureModalOpenAtom);

  return (
    <Box as="section" aria-labelledby="hero-heading" position="relative" overflow="hidden" bg="brand.900">
      <Box
        position="absolute"
        inset="0"
        bgImage="url(/images/hero-living-room.svg)"
        bgSize="cover"
        backgroundPosition="center right"
        aria-hidden
      />
      <Box
        position="absolute"
        inset="0"
        bgGradient="to-r"
        gradientFrom="brand.950/95"
        gradientVia="brand.900/80"
        gradientTo="brand.900/10"
        aria-hidden
      />
      <Container maxW="7xl" position="relative" py={{ base: '16', md: '24', lg: '28' }}>
        <Stack className="hero-text" gap="6" maxW="2xl" color="white">
          <Text textTransform="uppercase" letterSpacing="widest" fontSize="sm" fontWeight="semibold" color="oak.200">
            Dallas-Fort Worth · Wholesale pricing
          </Text>
          <Heading
            id="hero-heading"
            as="h1"
            fontSize={{ base: '4xl', md: '5xl', lg: '6xl' }}
            lineHeight="1.05"
            fontWeight="bold"
          >
            Made-to-Measure Custom Blinds for DFW Properties
          </Heading>
          <Text fontSize={{ base: 'lg', md: 'xl' }} color="brand.50">
            Made-to-measure faux wood, wood, roller, vertical and mini blinds for homes, rentals and multi-family
            properties, with free local delivery and optional professional installation.
          </Text>
          <HStack gap="3" wrap="wrap">
            <Button size="lg" colorPalette="oak" onClick={() => scrollToSection(CATEGORIES_SECTION_ID)}>
              Shop Blinds
            </Button>
            {!partner && (
              <Button
                size="lg"
                variant="outline"
                color="white"
                borderColor="whiteAlpha.700"
                _hover={{ bg: 'whiteAlpha.200' }}
                onClick={() => openMeasureModal(true)}
              >
                Free Measure &amp; Install
              </Button>
            )}
          </HStack>
        </Stack>
      </Container>
      <Box position="relative" bg="whiteAlpha.950" borderTopWidth="1px" borderColor="brand.100">
        <Container maxW="7xl">
          <SimpleGrid
            as="ol"
            columns={{ base: 1, md: 3 }}
            gap={{ base: '4', md: '8' }}
            py="6"
            listStyleType="none"
            aria-label="How it works"
          >
            {STEPS.map(({ title, text, Icon }, index) => (
              <HStack as="li" key={title} gap="4" align="center">
                <Box
                  display="flex"
                  alignItems="center"
                  justifyContent="center"
                  boxSize="12"
                  rounded="full"
                  bg="brand.700"
                  color="white"
                  flexShrink={0}
                >
                  <Icon boxSize="6" />
                </Box>
                <Box>
                  <Text fontWeight="bold" color="brand.800" fontSize="lg">
                    {index + 1}. {title}
                  </Text>
                  <Text color="gray.700" fontSize="sm">
                    {partner && title === 'Measure' ? PARTNER_MEASURE_TEXT : text}
                  </Text>
                </Box>
              </HStack>
            ))}
          </SimpleGrid>
        </Container>
      </Box>
    </Box>
  );
}
