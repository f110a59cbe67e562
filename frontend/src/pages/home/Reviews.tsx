import { Box, Container, Heading, HStack, IconButton, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon, StarIcon } from '../../components/icons';
import { visibleIndices, wrapIndex } from '../../lib/carousel';
import { REVIEWS, type Review } from './content';

const MAX_SHOWN = 3;

function Stars({ rating }: { rating: Review['rating'] }) {
  return (
    <HStack gap="0.5" role="img" aria-label={`${rating} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((star) => (
        <StarIcon key={star} boxSize="4" color={star <= rating ? 'oak.500' : 'gray.300'} />
      ))}
    </HStack>
  );
}

/** Customer reviews, 1 at a time under 768 px, 2 under 1024 px, otherwise 3; paging wraps around. */
export function Reviews() {
  const [start, setStart] = useState(0);
  const shown = visibleIndices(start, MAX_SHOWN, REVIEWS.length);

  return (
    <Box as="section" aria-labelledby="reviews-heading" bg="brand.50" py={{ base: '12', md: '20' }}>
      <Container maxW="7xl">
        <Stack gap="2" textAlign="center" mb="8">
          <Heading id="reviews-heading" as="h2" size="3xl" color="brand.800">
            What Our Customers Say
          </Heading>
          <Text color="gray.700">Homeowners and property managers across Dallas-Fort Worth.</Text>
        </Stack>
        <HStack gap={{ base: '2', md: '4' }} align="center">
          <IconButton
            aria-label="Previous reviews"
            variant="outline"
            colorPalette="brand"
            bg="white"
            rounded="full"
            onClick={() => setStart((s) => wrapIndex(s - 1, REVIEWS.length))}
          >
            <ChevronLeftIcon boxSize="5" />
          </IconButton>
          <SimpleGrid
            as="ul"
            listStyleType="none"
            flex="1"
            columns={{ base: 1, md: 2, lg: 3 }}
            gap="6"
            aria-live="polite"
          >
            {shown.map((reviewIndex, position) => {
              const review = REVIEWS[reviewIndex]!;
              return (
                <Box
                  as="li"
                  key={review.id}
                  data-testid="review"
                  display={
                    position === 0
                      ? 'block'
                      : position === 1
                        ? { base: 'none', md: 'block' }
                        : { base: 'none', lg: 'block' }
                  }
                  bg="white"
                  rounded="xl"
                  p="6"
                  boxShadow="sm"
                >
                  <Stack as="figure" gap="3" h="full">
                    <HStack justify="space-between">
                      <Stars rating={review.rating} />
                      <Text fontSize="sm" color="gray.600">
                        {review.date}
                      </Text>
                    </HStack>
                    <Text as="blockquote" color="gray.800" flex="1">
                      “{review.text}”
                    </Text>
                    <Box as="figcaption">
                      <Text fontWeight="bold" color="gray.900">
                        {review.name}
                      </Text>
                      <Text fontSize="sm" color="brand.700">
                        {review.product}
                      </Text>
                    </Box>
                  </Stack>
                </Box>
              );
            })}
          </SimpleGrid>
          <IconButton
            aria-label="Next reviews"
            variant="outline"
            colorPalette="brand"
            bg="white"
            rounded="full"
            onClick={() => setStart((s) => wrapIndex(s + 1, REVIEWS.length))}
          >
            <ChevronRightIcon boxSize="5" />
          </IconButton>
        </HStack>
      </Container>
    </Box>
  );
}
