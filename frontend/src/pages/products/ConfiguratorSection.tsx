import { Heading, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A titled part of the configurator, named for screen readers by its heading. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack as="section" gap="3" aria-label={title}>
      <Heading as="h2" size="md" color="brand.800">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}
