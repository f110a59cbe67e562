import { Badge, Button, Card, Collapsible, Heading, HStack, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ApplicationDialog } from './ApplicationDialog';
import type { CareerCategory, CareerRole } from './roles';

export function RoleCard({ category, role }: { category: CareerCategory; role: CareerRole }) {
  const [expanded, setExpanded] = useState(false);
  return (
    <Card.Root as="article" variant="outline">
      <Card.Body gap={3}>
        <Heading as="h3" size="lg">
          {role.title}
        </Heading>
        <HStack gap={2} flexWrap="wrap">
          <Badge colorPalette="brand" variant="subtle">
            {role.location}
          </Badge>
          <Badge colorPalette="gray" variant="subtle">
            {role.type}
          </Badge>
        </HStack>
        <Text color="gray.700">{role.summary}</Text>
        <Collapsible.Root open={expanded} onOpenChange={(details) => setExpanded(details.open)}>
          <Collapsible.Content>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap={5} pt={2} pb={4}>
              <Stack>
                <Heading as="h4" size="sm">
                  What you will do
                </Heading>
                <List.Root ps={5} gap={1} color="gray.700">
                  {role.responsibilities.map((item) => (
                    <List.Item key={item}>{item}</List.Item>
                  ))}
                </List.Root>
              </Stack>
              <Stack>
                <Heading as="h4" size="sm">
                  What you bring
                </Heading>
                <List.Root ps={5} gap={1} color="gray.700">
                  {role.requirements.map((item) => (
                    <List.Item key={item}>{item}</List.Item>
                  ))}
                </List.Root>
              </Stack>
            </SimpleGrid>
          </Collapsible.Content>
          <HStack gap={3}>
            <Collapsible.Trigger asChild>
              <Button
                variant="outline"
                colorPalette="brand"
                aria-label={`${expanded ? 'Show Less' : 'Read More'} about ${role.title}`}
              >
                {expanded ? 'Show Less' : 'Read More'}
              </Button>
            </Collapsible.Trigger>
            <ApplicationDialog category={category} role={role} />
          </HStack>
        </Collapsible.Root>
      </Card.Body>
    </Card.Root>
  );
}
