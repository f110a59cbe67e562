import { Box, Button, Container, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Link as RouterLink } from 'react-router-dom';
import { measureModalOpenAtom, partnerBuyerAtom } from '../../state';

const STEPS = [
  {
    title: 'Measure the width',
    text: 'Measure the width at the top, middle and bottom of the window. Use the smallest of the three.',
  },
  {
    title: 'Measure the height',
    text: 'Measure the height at the left, center and right of the window. Use the largest of the three.',
  },
  {
    title: 'Choose your mount',
    text: 'Inside mount sits within the frame for a clean look; outside mount covers the frame and blocks more light.',
  },
] as const;

export function MeasuringSection() {
  const partner = useAtomValue(partnerBuyerAtom);
  const openMeasureModal = useSetAtom(measureModalOpenAtom);

  return (
    <Container as="section" aria-labelledby="measuring-heading" maxW="7xl" py={{ base: '12', md: '20' }}>
      <Stack gap="3" textAlign="center" maxW="2xl" mx="auto" mb="10">
        <Heading id="measuring-heading" as="h2" size="3xl" color="brand.800">
          Measuring Made Simple
        </Heading>
        <Text color="gray.700" fontSize="lg">
          Three measurements, a tape measure and five minutes per window. Our blinds are made to the 1/8 inch you give
          us.
        </Text>
      </Stack>
      <SimpleGrid as="ol" columns={{ base: 1, md: 3 }} gap="6" listStyleType="none">
        {STEPS.map((step, index) => (
          <Box
            as="li"
            key={step.title}
            bg="white"
            borderWidth="1px"
            borderColor="gray.200"
            rounded="xl"
            p="6"
            boxShadow="xs"
          >
            <Box
              display="flex"
              alignItems="center"
              justifyContent="center"
              boxSize="10"
              rounded="full"
              bg="oak.100"
              color="oak.800"
              fontWeight="bold"
              fontSize="lg"
              mb="4"
              aria-hidden
            >
              {index + 1}
            </Box>
            <Heading as="h3" size="lg" color="gray.900" mb="2">
              {step.title}
            </Heading>
            <Text color="gray.700">{step.text}</Text>
          </Box>
        ))}
      </SimpleGrid>
      <HStack justify="center" gap="3" mt="10" wrap="wrap">
        <Button asChild colorPalette="brand" size="lg">
          <RouterLink to="/measure-install">Measurement Guide</RouterLink>
        </Button>
        {!partner && (
          <Button colorPalette="brand" variant="outline" size="lg" onClick={() => openMeasureModal(true)}>
            Free Measuring Service
          </Button>
        )}
      </HStack>
    </Container>
  );
}
