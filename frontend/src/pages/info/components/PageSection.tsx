import { Box, Container, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface PageSectionProps {
  /** Rendered as an h2: sections sit directly under the page's h1. */
  title: string;
  id?: string;
  children: ReactNode;
  tinted?: boolean;
}

export function PageSection({ title, id, children, tinted = false }: PageSectionProps) {
  const headingId = `${id ?? slugify(title)}-heading`;
  return (
    <Box as="section" id={id} aria-labelledby={headingId} py={{ base: 8, md: 12 }} bg={tinted ? 'gray.50' : undefined}>
      <Container maxW="5xl">
        <Heading as="h2" id={headingId} size={{ base: 'xl', md: '2xl' }} mb={5} color="gray.900">
          {title}
        </Heading>
        {children}
      </Container>
    </Box>
  );
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
