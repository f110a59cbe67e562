import { Alert, Box, Button, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { formatCents } from '../../../../domain/pricing/money';
import { REQUIREMENT_ERRORS } from '../../../../domain/pricing/errors';
import type { PriceResult } from '../../../../domain/pricing/price';

export type GridsState = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready' };

/**
 * The live price: matched size, unit and retail prices, the saving, the lines and the messages; or why there is none.
 * A size or colour not chosen yet is only asked for, not warned about, until `showRequirements` (the customer tried to add).
 */
export function PricingPanel({
  grids,
  result,
  showRequirements,
  onRetry,
}: {
  grids: GridsState;
  result: PriceResult | null;
  showRequirements: boolean;
  onRetry: () => void;
}) {
  if (grids.status === 'failed') {
    return (
      <Alert.Root status="error" flexDirection="column" alignItems="flex-start" gap="2">
        <Alert.Title>Error Loading Pricing Data</Alert.Title>
        <Alert.Description>Failed to load pricing data: {grids.message}</Alert.Description>
        <Button size="sm" colorPalette="red" variant="outline" onClick={onRetry}>
          Retry
        </Button>
      </Alert.Root>
    );
  }
  if (grids.status === 'loading' || result === null) {
    return (
      <Text color="gray.700" aria-busy="true">
        Loading prices...
      </Text>
    );
  }
  if (!result.ok) {
    if (result.error.code === 'INVALID_ENTRY') return <Text color="gray.700">Correct the size above to see your price.</Text>;
    if (!showRequirements && REQUIREMENT_ERRORS.has(result.error.code)) return <Text color="gray.700">Choose a size and a colour to see your price.</Text>;
    return (
      <Alert.Root status="warning" flexDirection="column" alignItems="flex-start" gap="1">
        <Alert.Title>{result.error.title}</Alert.Title>
        <Alert.Description>{result.error.message}</Alert.Description>
      </Alert.Root>
    );
  }
  const saving = result.messages.find((message) => message.code === 'savings');
  const guarantee = result.messages.find((message) => message.code === 'priceMatchGuarantee');
  const notes = result.messages.filter((message) => message.code === 'windowDeduction' || message.code === 'cutToFit' || message.code === 'estimate');
  return (
    <Stack gap="3">
      <HStack justify="space-between" align="baseline" wrap="wrap">
        <Text fontSize="sm" color="gray.700">
          {result.matchedSize ? `Matched size: ${result.matchedSize}` : 'Estimated by area'}
        </Text>
        {saving && (
          <Text fontSize="sm" fontWeight="bold" color="green.800" bg="green.100" px="2" rounded="md">
            {saving.text}
          </Text>
        )}
      </HStack>
      <HStack align="baseline" gap="3" wrap="wrap">
        <Text fontSize="3xl" fontWeight="bold" color="brand.800" data-testid="unit-price">
          {formatCents(result.unitCents)}
        </Text>
        <Text color="gray.700">each</Text>
        {result.retailCents > result.unitCents && (
          <Text color="gray.700">
            {result.retailLabel}: <s>{formatCents(result.retailCents)}</s>
          </Text>
        )}
      </HStack>
      {result.quantity > 1 && (
        <Text fontWeight="semibold">
          {result.quantity} blinds: {formatCents(result.totalCents)}
        </Text>
      )}
      <Box as="dl" fontSize="sm" color="gray.700">
        {result.lines.map((line) => (
          <HStack key={`${line.kind}-${line.label}`} justify="space-between" gap="4">
            <Text as="dt">{line.label}</Text>
            <Text as="dd" whiteSpace="nowrap">
              {line.amountCents < 0 ? `−${formatCents(-line.amountCents)}` : formatCents(line.amountCents)}
            </Text>
          </HStack>
        ))}
      </Box>
      {notes.length > 0 && <Separator />}
      {notes.map((message) => (
        <Text key={message.code} fontSize="sm" color="gray.700">
          {message.text}
        </Text>
      ))}
      {guarantee && (
        <Text fontSize="sm" fontWeight="semibold" color="oak.800" bg="oak.50" px="3" py="2" rounded="md">
          {guarantee.text}: found the same blind for less? We match the price.
        </Text>
      )}
    </Stack>
  );
}
