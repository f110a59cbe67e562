import { Box, Heading, List, Text } from '@chakra-ui/react';
import { INSTALLATION } from '#domain/installation';
import { formatWholeDollars } from '#domain/pricing/money';

const INSTALLATION_TERMS = [
  `${formatWholeDollars(INSTALLATION.baseCents)} for installation of up to ${INSTALLATION.baseBlindLimit} blinds`,
  `${formatWholeDollars(INSTALLATION.oldBlindRemovalCents)} per old blind removed`,
  `High ladder work: ${formatWholeDollars(INSTALLATION.highLadderMinimumCents)} minimum with a ${INSTALLATION.highLadderCrewSize}-person crew`,
];

export function InstallationInfo() {
  return (
    <Box
      as="section"
      aria-labelledby="installation-heading"
      borderWidth="1px"
      borderColor="oak.200"
      bg="oak.50"
      rounded="lg"
      p="5"
    >
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
