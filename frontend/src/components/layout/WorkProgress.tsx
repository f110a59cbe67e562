import { Box, Progress, Text } from '@chakra-ui/react';

/** A long piece of work sent in parts (windows into the cart): a bar named for screen readers and a sentence of how far it is. */
export function WorkProgress({
  done,
  total,
  label,
  children,
}: {
  done: number;
  total: number;
  label: string;
  children: string;
}) {
  return (
    <Box role="status" aria-live="polite">
      <Progress.Root value={Math.round((done / total) * 100)} size="sm" colorPalette="brand" aria-label={label}>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text fontSize="sm" mt="1">
        {children}
      </Text>
    </Box>
  );
}
