import { Box, Container, Heading, Link, List, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PageHero } from './PageHero';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

interface LegalDocumentProps {
  title: string;
  lead: string;
  /** Shown as written, e.g. "November 20, 2026". */
  lastUpdated: string;
  sections: LegalSection[];
}

/** A policy document: last-updated date, a table of contents, and numbered sections. */
export function LegalDocument({ title, lead, lastUpdated, sections }: LegalDocumentProps) {
  return (
    <>
      <PageHero eyebrow="Legal" title={title} lead={lead} />
      <Container maxW="4xl" py={{ base: 8, md: 12 }}>
        <Text color="gray.700" mb={6}>
          Last updated: <time>{lastUpdated}</time>
        </Text>
        <Box as="nav" aria-labelledby="toc-heading" bg="gray.50" borderWidth="1px" borderRadius="lg" p={5} mb={10}>
          <Heading as="h2" id="toc-heading" size="md" mb={3}>
            Table of contents
          </Heading>
          <List.Root as="ol" ps={5} gap={1}>
            {sections.map((section) => (
              <List.Item key={section.id}>
                <Link href={`#${section.id}`} color="brand.700">
                  {section.title}
                </Link>
              </List.Item>
            ))}
          </List.Root>
        </Box>
        <Stack gap={10}>
          {sections.map((section, index) => (
            <Box as="section" key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
              <Heading as="h2" id={`${section.id}-heading`} size="xl" mb={3}>
                {index + 1}. {section.title}
              </Heading>
              <Stack
                gap={3}
                color="gray.800"
                lineHeight="tall"
                css={{ '& ul': { paddingInlineStart: '1.25rem', listStyle: 'disc' } }}
              >
                {section.body}
              </Stack>
            </Box>
          ))}
        </Stack>
      </Container>
    </>
  );
}
