import { Box, Heading, List, Text } from '@chakra-ui/react';

/** Installation terms as the cart states them (storefront section 9). */
const INSTALLATION_TERMS = [
  '$150 for installation of up to 10 blinds',
  '$5 per old blind removed',
  'High ladder work: $300 minimum with a 2-person crew',
] as const;

export function InstallationInfo() {
  return (
    <Box as="section" aria-labelledby="installation-heading" borderWidth="1px" borderColor="oak.200" bg="oak.50" rounded="lg" p="5">
      <Heading as="h2" id="installation-heading" size="md" color="brand.800">
        Professional Installation
      </Heading>
      <Text mt="2" color="gray.700">
        Installation is offered only in the Dallas-Fort Worth metro.
      </Text>
      <List.Root mt="3" gap="1" ps="5" color="gray.800">
        {INSTALLATION_TERMS.map((term) => (
          <List.Item key={term}>{term}</List.Item>
        ))}
      </List.Root>
    </Box>
  );
}
