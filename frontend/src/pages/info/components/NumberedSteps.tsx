import { Box, Heading, SimpleGrid, Text } from '@chakra-ui/react';

export interface Step {
  title: string;
  text: string;
}

/** An ordered list of steps as cards, "Step 1", "Step 2"…, in as many columns as there are steps on wide screens. */
export function NumberedSteps({ steps }: { steps: readonly Step[] }) {
  return (
    <SimpleGrid as="ol" columns={{ base: 1, sm: 2, lg: steps.length }} gap={5} listStyleType="none">
      {steps.map((step, index) => (
        <Box as="li" key={step.title} borderWidth="1px" borderRadius="lg" p={5}>
          <Text fontSize="sm" fontWeight="bold" color="brand.700">
            Step {index + 1}
          </Text>
          <Heading as="h3" size="md" my={2}>
            {step.title}
          </Heading>
          <Text color="gray.700">{step.text}</Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}
