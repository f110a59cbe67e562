import { Box, Button, Heading, List, SimpleGrid, Stat, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { BUSINESS } from '../../../business';
import {
  DELIVERY_CLAIM,
  DELIVERY_TIME,
  PRODUCTION_TIME,
  WHOLESALE_SAVING_CLAIM,
  WHOLESALE_SAVING_MAX_PERCENT,
} from '#domain/claims';
import { groupThousands } from '#domain/thousands';
import { volumeDiscountsSentence } from '#domain/pricing/discounts';
import { useVolumeTiers } from '../../../lib/volume-tiers';
import { ContactOptions } from '../components/ContactOptions';
import { OfficeHours } from '../components/OfficeHours';
import { PageHero } from '../components/PageHero';
import { PageSection } from '../components/PageSection';

const CUSTOMERS = [
  { who: 'Homeowners', why: 'Custom-fit blinds and shades for every room, measured to the 1/8 inch.' },
  { who: 'Builders', why: 'Window coverings ordered by the floor plan and delivered on the construction schedule.' },
  { who: 'Contractors', why: 'Trade pricing and installation crews that show up when the job is ready.' },
  { who: 'Landlords', why: 'Durable, easy-to-clean blinds that turn units over quickly between tenants.' },
  {
    who: 'Property managers',
    why: 'Volume orders for whole communities, including ordering from your procurement system.',
  },
  {
    who: 'Commercial developers',
    why: 'Consistent window treatments across offices, lobbies and mixed-use buildings.',
  },
];

export default function AboutUs() {
  const warehouse = groupThousands(BUSINESS.warehouseSqFt);
  const tiers = useVolumeTiers();
  return (
    <>
      <PageHero
        eyebrow={`Dallas-Fort Worth, since ${BUSINESS.launchedYear}`}
        title={`About ${BUSINESS.name}`}
        lead={`Custom blinds and shades at wholesale prices for homes and properties across Dallas-Fort Worth, ${DELIVERY_CLAIM.timing}.`}
      />

      <PageSection title="Our story">
        <Box maxW="3xl" color="gray.800" lineHeight="tall">
          <Text mb={4}>
            {BUSINESS.name} launched in {BUSINESS.launchedYear} in the Dallas-Fort Worth area with a simple idea:
            made-to-measure window coverings should not take a month to arrive or cost retail prices. We started by
            supplying apartment communities that needed hundreds of blinds between move-outs and move-ins, and we still
            build the business around that kind of speed.
          </Text>
          <Text mb={4}>
            Working directly with a {warehouse} sq ft partner warehouse lets us keep popular materials in stock, cut
            blinds to your exact size and deliver to multi-family and residential properties. Because we buy and ship at
            volume, our customers get wholesale pricing {WHOLESALE_SAVING_CLAIM}, with volume discounts for larger
            orders. {volumeDiscountsSentence(tiers)}
          </Text>
          <Text>
            We are based in {BUSINESS.address.city}, {BUSINESS.address.region}, offer free local delivery throughout DFW
            and ship nationwide. Our own crews measure and install across the metro, so a single call can take a window
            from bare glass to finished.
          </Text>
        </Box>
      </PageSection>

      <PageSection title="By the numbers" tinted>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap={6}>
          <Stat.Root>
            <Stat.Label color="gray.700">Launched</Stat.Label>
            <Stat.ValueText>{BUSINESS.launchedYear}</Stat.ValueText>
          </Stat.Root>
          <Stat.Root>
            <Stat.Label color="gray.700">Partner warehouse</Stat.Label>
            <Stat.ValueText>{warehouse} sq ft</Stat.ValueText>
          </Stat.Root>
          <Stat.Root>
            <Stat.Label color="gray.700">Below retail pricing</Stat.Label>
            <Stat.ValueText>Up to {WHOLESALE_SAVING_MAX_PERCENT}%</Stat.ValueText>
          </Stat.Root>
          <Stat.Root>
            <Stat.Label color="gray.700">Production</Stat.Label>
            <Stat.ValueText>{PRODUCTION_TIME}</Stat.ValueText>
          </Stat.Root>
        </SimpleGrid>
      </PageSection>

      <PageSection title="Who we serve">
        <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap={5}>
          {CUSTOMERS.map((customer) => (
            <Box key={customer.who} borderWidth="1px" borderRadius="lg" p={5}>
              <Heading as="h3" size="md" mb={2}>
                {customer.who}
              </Heading>
              <Text color="gray.700">{customer.why}</Text>
            </Box>
          ))}
        </SimpleGrid>
      </PageSection>

      <PageSection title="What you can count on" tinted>
        <List.Root gap={2} ps={5} color="gray.800">
          <List.Item>
            Wholesale pricing {WHOLESALE_SAVING_CLAIM}, and volume discounts on larger orders.{' '}
            {volumeDiscountsSentence(tiers)}
          </List.Item>
          <List.Item>
            Free local delivery in Dallas-Fort Worth; nationwide shipping in {DELIVERY_TIME} once your order is made.
          </List.Item>
          <List.Item>Measurements accurate to 1/8 inch, and Fit Assurance if a blind still does not fit.</List.Item>
          <List.Item>Free samples, so you can see colors and materials in your own light before you order.</List.Item>
          <List.Item>Optional professional installation across the DFW metro.</List.Item>
        </List.Root>
        <Button asChild mt={6} colorPalette="brand">
          <RouterLink to="/free-samples">Order free samples</RouterLink>
        </Button>
      </PageSection>

      <PageSection title="Hours and contact">
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap={8} alignItems="start">
          <Box>
            <Heading as="h3" size="md" mb={3}>
              Service hours
            </Heading>
            <OfficeHours />
          </Box>
          <ContactOptions />
        </SimpleGrid>
      </PageSection>
    </>
  );
}
