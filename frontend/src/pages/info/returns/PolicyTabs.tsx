import { Heading, List, Stack, Tabs, Text } from '@chakra-ui/react';
import { REMAKE_MAX_BLINDS, RETURNS_CLAIM } from '#domain/claims';

/** Standard returns and Fit Assurance, a tab each. */
export function PolicyTabs() {
  return (
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
            Our blinds and shades are custom products, cut and assembled to the sizes and options you choose. A custom
            product that was made as ordered cannot be returned for a change of mind, a different color, or a measuring
            mistake; Fit Assurance covers measuring mistakes instead.
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
  );
}
