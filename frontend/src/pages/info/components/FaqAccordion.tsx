import { Accordion, Box, Span } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface FaqItem {
  question: string;
  answer: ReactNode;
}

/** Questions and answers; several may be open at once so readers can compare answers. */
export function FaqAccordion({ items }: { items: FaqItem[] }) {
  return (
    <Accordion.Root multiple collapsible variant="enclosed">
      {items.map((item) => (
        <Accordion.Item key={item.question} value={item.question}>
          <Accordion.ItemTrigger py={4} fontWeight="semibold" textAlign="start">
            <Span flex="1">{item.question}</Span>
            <Accordion.ItemIndicator />
          </Accordion.ItemTrigger>
          <Accordion.ItemContent>
            <Accordion.ItemBody>
              <Box color="gray.700" lineHeight="tall">
                {item.answer}
              </Box>
            </Accordion.ItemBody>
          </Accordion.ItemContent>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
