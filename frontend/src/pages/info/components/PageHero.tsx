import { Box, Container, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface PageHeroProps {
  title: string;
  lead: ReactNode;
  eyebrow?: string;
}

/** The top band of every information page: the page's only h1 and a short lead. */
export function PageHero({ title, lead, eyebrow }: PageHeroProps) {
  return (
    <Box as="section" bg="brand.800" color="white" py={{ base: 10, md: 16 }}>
      <Container maxW="5xl">
        {eyebrow && (
          <Text
            textTransform="uppercase"
            letterSpacing="wider"
            fontSize="sm"
            fontWeight="semibold"
            color="brand.100"
            mb={2}
          >
            {eyebrow}
          </Text>
        )}
        <Heading as="h1" size={{ base: '2xl', md: '4xl' }} lineHeight="shorter">
          {title}
        </Heading>
        <Text mt={4} fontSize={{ base: 'md', md: 'lg' }} maxW="3xl" color="brand.50">
          {lead}
        </Text>
      </Container>
    </Box>
  );
}
