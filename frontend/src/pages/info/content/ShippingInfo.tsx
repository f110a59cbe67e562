import { Box, Button, Heading, List, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { DELIVERY_TIME, PRODUCTION_TIME } from '#domain/claims';
import { PageHero } from '../components/PageHero';
import { PageSection } from '../components/PageSection';

const RATES = [
  { what: 'Delivery within Dallas-Fort Worth', rate: 'Free' },
  { what: 'Standard shipping outside DFW, shades up to 75 in wide', rate: '$12.50 per shade' },
  { what: 'Shades over 75 in wide', rate: '$30 per shade' },
  { what: 'Shades over 100 in wide', rate: 'Contact us: ships by LTL freight' },
  { what: 'Sample orders', rate: '$15 flat' },
];

const TIMELINE = [
  { title: 'Production', text: `${PRODUCTION_TIME}. Every blind is cut to your measurements after you order.` },
  { title: 'Delivery', text: `${DELIVERY_TIME} once your order ships, anywhere in the continental US.` },
  { title: 'Local delivery', text: `Free across Dallas-Fort Worth, ${DELIVERY_TIME} after production.` },
];

export default function ShippingInfo() {
  return (
    <>
      <PageHero
        eyebrow="Shipping"
        title="Shipping Information"
        lead="Free local delivery across Dallas-Fort Worth and fast nationwide shipping for every custom blind and shade."
      />

      <PageSection title="Shipping rates">
        <Table.ScrollArea whiteSpace="normal" borderWidth="1px" borderRadius="lg">
          <Table.Root size="md">
            <Table.Caption captionSide="top" textAlign="start" px={4} pt={3} color="gray.700">
              Shipping is charged per shade and calculated at checkout.
            </Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader scope="col">Shipment</Table.ColumnHeader>
                <Table.ColumnHeader scope="col">Cost</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {RATES.map((row) => (
                <Table.Row key={row.what}>
                  <Table.Cell>{row.what}</Table.Cell>
                  <Table.Cell fontWeight="semibold">{row.rate}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        <Text mt={4} color="gray.700" maxW="3xl">
          Shades wider than 100 inches are too long for parcel carriers and travel by LTL (less-than-truckload) freight.
          Contact us before ordering and we will quote the freight for your address.
        </Text>
      </PageSection>

      <PageSection title="How long it takes" tinted>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap={5}>
          {TIMELINE.map((item) => (
            <Box key={item.title} bg="white" borderWidth="1px" borderRadius="lg" p={5}>
              <Heading as="h3" size="md" mb={2}>
                {item.title}
              </Heading>
              <Text color="gray.700">{item.text}</Text>
            </Box>
          ))}
        </SimpleGrid>
        <Text mt={5} color="gray.800" maxW="3xl">
          Because every order is made to measure, there is no rush option: production always takes {PRODUCTION_TIME}.
          Order early if you are working toward a move-in date.
        </Text>
      </PageSection>

      <PageSection title="Good to know">
        <List.Root gap={2} ps={5} color="gray.800" maxW="3xl">
          <List.Item>You receive a tracking number by e-mail as soon as your order ships.</List.Item>
          <List.Item>
            Large orders may arrive in several boxes on different days; each box is labelled with the room.
          </List.Item>
          <List.Item>
            Inspect your blinds when they arrive and tell us about any shipping damage within 7 days.
          </List.Item>
          <List.Item>
            We ship to street addresses in the continental United States; we cannot ship to P.O. boxes.
          </List.Item>
        </List.Root>
      </PageSection>

      <PageSection title="Questions about your delivery?" tinted>
        <Text mb={4} color="gray.800" maxW="3xl">
          Contact us for freight quotes, delivery windows for property turnovers, or help with an order on its way.
          Still measuring? Our guide walks you through it.
        </Text>
        <Stack direction={{ base: 'column', sm: 'row' }} gap={3}>
          <Button asChild colorPalette="brand">
            <RouterLink to="/contact-us">Contact us</RouterLink>
          </Button>
          <Button asChild variant="outline" colorPalette="brand">
            <RouterLink to="/measure-install">Read the measuring guide</RouterLink>
          </Button>
        </Stack>
      </PageSection>
    </>
  );
}
