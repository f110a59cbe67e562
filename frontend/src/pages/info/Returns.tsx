import { Box, Button, Heading, List, Stack, Tabs, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { REFUND_TIME, REMAKE_MAX_BLINDS, RETURN_WINDOW_DAYS, RETURNS_CLAIM } from '../../../../domain/claims';
import { PageHero } from './components/PageHero';
import { PageSection } from './components/PageSection';
import { ReturnRequestForm } from './returns/ReturnRequestForm';

/** The contact form pre-fills its subject, and the order once the form has found one, from the query. */
function contactPath(orderNumber: string | null): string {
  return `/contact-us?${new URLSearchParams({ subject: 'Return request', ...(orderNumber ? { orderNumber } : {}) })}`;
}

const HOW_TO_RETURN = [
  `Contact us within ${RETURN_WINDOW_DAYS} days of delivery with your order number and the items you want to return or have remade.`,
  'Tell us what is wrong and, for fit problems, send your measurements and a photo of the blind in the window.',
  'We confirm whether the item qualifies for a return or a Fit Assurance remake and send you instructions.',
  'Pack the blinds in their original packaging and ship them back, or wait for our DFW crew to collect them.',
  `Once we receive and inspect the return, your refund is issued within ${REFUND_TIME}.`,
];

export default function Returns() {
  const [formOpen, setFormOpen] = useState(false);
  const [orderNumber, setOrderNumber] = useState<string | null>(null);
  return (
    <>
      <PageHero
        eyebrow="Returns"
        title="Returns Policy"
        lead="Every blind is made to your measurements, so our policy protects both you and the custom work behind your order."
      />

      <PageSection title="Our policies">
        <Tabs.Root defaultValue="standard" variant="enclosed" colorPalette="brand">
          <Tabs.List flexWrap="wrap">
            <Tabs.Trigger value="standard">Standard Returns</Tabs.Trigger>
            <Tabs.Trigger value="fit-assurance">Fit Assurance</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="standard" pt={6}>
            <Heading as="h3" size="lg" mb={3}>
              Standard Returns
            </Heading>
            <Stack gap={3} color="gray.800" maxW="3xl">
              <Text>
                {RETURNS_CLAIM.returns} {RETURNS_CLAIM.refund}
              </Text>
              <Text>
                Our blinds and shades are custom products, cut and assembled to the sizes and options you choose. A custom product
                that was made as ordered cannot be returned for a change of mind, a different color, or a measuring mistake;
                Fit Assurance covers measuring mistakes instead.
              </Text>
              <Text>Sample shipping fees and installation services that were completed are not refundable.</Text>
            </Stack>
          </Tabs.Content>
          <Tabs.Content value="fit-assurance" pt={6}>
            <Heading as="h3" size="lg" mb={3}>
              Fit Assurance
            </Heading>
            <Stack gap={3} color="gray.800" maxW="3xl">
              <Text>Measured wrong? It happens. {RETURNS_CLAIM.fitAssurance}</Text>
              <List.Root gap={2} ps={5}>
                <List.Item>One remake per order, for up to {REMAKE_MAX_BLINDS} blinds per order.</List.Item>
                <List.Item>Covers blinds that are too wide, too narrow, too long or too short for the window.</List.Item>
                <List.Item>The remade blinds are built to your corrected measurements with the same options.</List.Item>
                <List.Item>Send the original blinds back, or hand them to our crew in Dallas-Fort Worth.</List.Item>
              </List.Root>
            </Stack>
          </Tabs.Content>
        </Tabs.Root>
      </PageSection>

      <PageSection title="How to return" tinted>
        <List.Root as="ol" gap={3} ps={5} color="gray.800" maxW="3xl">
          {HOW_TO_RETURN.map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List.Root>
        <Box mt={6}>
          <Stack direction={{ base: 'column', sm: 'row' }} gap={3}>
            <Button colorPalette="brand" onClick={() => setFormOpen(true)} aria-expanded={formOpen} aria-controls="start-a-return">
              Start a Return
            </Button>
            <Button asChild variant="outline" colorPalette="brand">
              <RouterLink to={contactPath(orderNumber)}>Contact</RouterLink>
            </Button>
          </Stack>
        </Box>
      </PageSection>

      {formOpen && (
        <PageSection title="Start a Return" id="start-a-return">
          <ReturnRequestForm onOrderFound={setOrderNumber} />
        </PageSection>
      )}
    </>
  );
}
