import { Card, Heading, Link, SimpleGrid, Text } from '@chakra-ui/react';
import { BUSINESS } from '../../../business';

interface ContactOptionsProps {
  /** Heading level of the card titles, so they follow the heading of the section they sit in. */
  headingLevel?: 'h2' | 'h3';
  /** Subject pre-filled in the e-mail client. */
  emailSubject?: string;
}

/** The phone and e-mail cards shown wherever a customer may want to reach a person. */
export function ContactOptions({ headingLevel = 'h3', emailSubject }: ContactOptionsProps) {
  const mailto = `mailto:${BUSINESS.email}${emailSubject ? `?subject=${encodeURIComponent(emailSubject)}` : ''}`;
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
      <Card.Root variant="outline">
        <Card.Body gap={2}>
          <Heading as={headingLevel} size="md">
            Call us
          </Heading>
          <Text color="gray.700">Talk to a window-covering specialist during service hours.</Text>
          <Link href={`tel:${BUSINESS.phoneE164}`} fontSize="lg" fontWeight="semibold" color="brand.700">
            {BUSINESS.phoneDisplay}
          </Link>
        </Card.Body>
      </Card.Root>
      <Card.Root variant="outline">
        <Card.Body gap={2}>
          <Heading as={headingLevel} size="md">
            Email us
          </Heading>
          <Text color="gray.700">We reply within {BUSINESS.emailReplyPromiseHours} hours.</Text>
          <Link href={mailto} fontSize="lg" fontWeight="semibold" color="brand.700" wordBreak="break-all">
            {BUSINESS.email}
          </Link>
        </Card.Body>
      </Card.Root>
    </SimpleGrid>
  );
}
