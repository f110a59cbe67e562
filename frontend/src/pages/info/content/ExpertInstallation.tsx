import { Box, Button, Heading, List, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { BUSINESS } from '../../../business';
import { INSTALLATION } from '#domain/installation';
import { formatWholeDollars } from '#domain/pricing/money';
import { ContactOptions } from '../components/ContactOptions';
import { PageHero } from '../components/PageHero';
import { PageSection } from '../components/PageSection';

/** The contact form pre-fills its subject from this query parameter. */
const SCHEDULE_PATH = '/contact-us?subject=Installation%20request';

const PROMISES = [
  {
    title: 'Trained, insured installers',
    text: 'Our own crews install every blind; we do not hand your home to a stranger.',
  },
  {
    title: 'Level, secure, working',
    text: 'Every blind is mounted level, tested up and down, and adjusted before we leave.',
  },
  {
    title: 'Clean work area',
    text: 'We take away packaging and any old blinds we remove, and leave the room as we found it.',
  },
];

const PROCESS = [
  'Request an installation with your order number, address and preferred days.',
  'We confirm a two-hour arrival window once your blinds are ready for delivery.',
  'The crew checks every blind against its window, removes old blinds if you asked, and mounts the new ones.',
  'We test each blind with you, show you how to operate and clean it, and clear away the packaging.',
];

const PREPARATION = [
  'Clear furniture, plants and decorations about 3 feet from each window.',
  'Take down curtains and rods if the blinds mount behind them.',
  'Keep pets and children in another room while the crew works.',
  'Tell us about windows above 12 feet when you book, so we send the right ladder and crew.',
  'Make sure someone over 18 is home for the whole visit.',
];

const PRICES = [
  {
    service: `Installation, up to ${INSTALLATION.baseBlindLimit} blinds`,
    price: formatWholeDollars(INSTALLATION.baseCents),
  },
  { service: 'Removal of old blinds', price: `${formatWholeDollars(INSTALLATION.oldBlindRemovalCents)} per blind` },
  {
    service: `High ladder work (${INSTALLATION.highLadderCrewSize}-person crew)`,
    price: `${formatWholeDollars(INSTALLATION.highLadderMinimumCents)} minimum`,
  },
];

export default function ExpertInstallation() {
  return (
    <>
      <PageHero
        eyebrow="Installation services"
        title="Expert Installation"
        lead="Let our professional crews hang your new blinds: measured, mounted and tested, anywhere in the Dallas-Fort Worth metro."
      />

      <PageSection title="Our quality promise">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap={5}>
          {PROMISES.map((promise) => (
            <Box key={promise.title} borderWidth="1px" borderRadius="lg" p={5}>
              <Heading as="h3" size="md" mb={2}>
                {promise.title}
              </Heading>
              <Text color="gray.700">{promise.text}</Text>
            </Box>
          ))}
        </SimpleGrid>
      </PageSection>

      <PageSection title="How it works" tinted>
        <List.Root as="ol" ps={5} gap={3} color="gray.800" maxW="3xl">
          {PROCESS.map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List.Root>
      </PageSection>

      <PageSection title="Pricing">
        <Table.ScrollArea whiteSpace="normal" borderWidth="1px" borderRadius="lg" maxW="2xl">
          <Table.Root>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader scope="col">Service</Table.ColumnHeader>
                <Table.ColumnHeader scope="col">Price</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {PRICES.map((row) => (
                <Table.Row key={row.service}>
                  <Table.Cell>{row.service}</Table.Cell>
                  <Table.Cell fontWeight="semibold">{row.price}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        <Text mt={4} color="gray.700" maxW="3xl">
          Installation is available in the DFW metro only, within a {BUSINESS.installationRadiusMiles}-mile radius of
          Dallas-Fort Worth. For more than 10 blinds, call us for a quote for the whole project.
        </Text>
      </PageSection>

      <PageSection title="Preparing for your installation" tinted>
        <List.Root ps={5} gap={2} color="gray.800" maxW="3xl">
          {PREPARATION.map((tip) => (
            <List.Item key={tip}>{tip}</List.Item>
          ))}
        </List.Root>
      </PageSection>

      <PageSection title="Book your installation">
        <Stack gap={6}>
          <Box>
            <Text mb={4} color="gray.800" maxW="3xl">
              Tell us about your windows and the days that suit you, and we will confirm your appointment.
            </Text>
            <Button asChild colorPalette="brand" size="lg">
              <RouterLink to={SCHEDULE_PATH}>Schedule Installation</RouterLink>
            </Button>
          </Box>
          <ContactOptions emailSubject="Installation request" />
        </Stack>
      </PageSection>
    </>
  );
}
