import { Badge, Box, Card, Heading, List, SimpleGrid, Text } from '@chakra-ui/react';
import { BUSINESS } from '../../../business';
import { PageHero } from '../components/PageHero';
import { PageSection } from '../components/PageSection';

const PARTNERS = [
  {
    title: 'Tree-planting partner',
    pledge: 'One tree for every order',
    text: 'For every order we ship, our reforestation partner plants one tree in a forest that needs it. Your new blinds help restore habitat, clean the air and protect watersheds.',
  },
  {
    title: "Children's museum",
    pledge: 'A portion of each sale',
    text: "A portion of each sale supports a children's museum in North Texas, funding hands-on exhibits and free visits for families and school groups who could not otherwise come.",
  },
];

const ENVIRONMENTAL = [
  'Plant one tree for every order we ship.',
  'Cut blinds to size close to where they are installed, and recycle aluminum and PVC offcuts.',
  'Route deliveries to combine drops and reduce miles driven across DFW.',
  'Take away old blinds at installation and recycle the materials that can be recycled.',
  'Ship in recyclable cardboard and keep plastic packaging to a minimum.',
];

const COMMUNITY = [
  "Support a children's museum with a portion of each sale.",
  'Hire and train installers, drivers and technicians from the communities we serve.',
  'Promote window cord safety in every home we work in.',
  'Offer volume pricing that helps affordable-housing properties furnish units well.',
];

export default function CorporateResponsibility() {
  return (
    <>
      <PageHero
        eyebrow="Giving back"
        title="Corporate Responsibility"
        lead={`${BUSINESS.name} is a Dallas-Fort Worth business, and we want the neighborhoods we furnish to be greener and better places to grow up. Every order contributes.`}
      />
      <PageSection title="Our community partners">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap={5}>
          {PARTNERS.map((partner) => (
            <Card.Root key={partner.title} variant="outline">
              <Card.Body gap={3}>
                <Heading as="h3" size="lg">
                  {partner.title}
                </Heading>
                <Box>
                  <Badge colorPalette="green" variant="subtle" size="lg">
                    {partner.pledge}
                  </Badge>
                </Box>
                <Text color="gray.700">{partner.text}</Text>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      </PageSection>
      <PageSection title="Our commitments" tinted>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap={8}>
          <Box>
            <Heading as="h3" size="md" mb={3}>
              Environmental
            </Heading>
            <List.Root ps={5} gap={2} color="gray.800">
              {ENVIRONMENTAL.map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List.Root>
          </Box>
          <Box>
            <Heading as="h3" size="md" mb={3}>
              Community
            </Heading>
            <List.Root ps={5} gap={2} color="gray.800">
              {COMMUNITY.map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List.Root>
          </Box>
        </SimpleGrid>
      </PageSection>
    </>
  );
}
