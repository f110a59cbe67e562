import { Box, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** Dates and times as staff in Dallas-Fort Worth read them. */
export const staffDateTimeFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'America/Chicago',
});

/** One labelled value of a record card: a dt/dd pair inside the card's dl. */
export function RecordDetail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text as="dt" fontSize="xs" fontWeight="semibold" textTransform="uppercase" color="gray.600">
        {label}
      </Text>
      <Box as="dd" m="0" color="gray.800" overflowWrap="anywhere">
        {children}
      </Box>
    </Box>
  );
}
