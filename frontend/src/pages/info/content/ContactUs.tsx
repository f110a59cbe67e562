import { Box, Heading, SimpleGrid } from '@chakra-ui/react';
import { BUSINESS } from '../../../business';
import { deferredSection } from '../../../lib/deferred-section';
import { ContactOptions } from '../components/ContactOptions';
import { OfficeHours } from '../components/OfficeHours';
import { PageHero } from '../components/PageHero';
import { PageSection } from '../components/PageSection';

/** In the page from the first paint; its checks and controls hydrate after the rest of the page (issue 15). */
const ContactForm = deferredSection(() => import('../contact/ContactForm').then((module) => module.ContactForm));

export default function ContactUs() {
  return (
    <>
      <PageHero
        eyebrow="Contact"
        title="Contact Us"
        lead={`Questions about an order, measuring, installation or returns? Call, e-mail or send us a message: we reply within ${BUSINESS.emailReplyPromiseHours} hours.`}
      />

      <PageSection title="Get in touch">
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap={8} alignItems="start">
          <ContactOptions />
          <Box borderWidth="1px" borderRadius="lg" p={5}>
            <Heading as="h3" size="md" mb={3}>
              Service hours
            </Heading>
            <OfficeHours />
          </Box>
        </SimpleGrid>
      </PageSection>

      <PageSection title="Send us a message" id="message" tinted>
        <ContactForm />
      </PageSection>
    </>
  );
}
