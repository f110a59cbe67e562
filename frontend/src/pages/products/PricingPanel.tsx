import { Alert, Box, Button, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { memo, type ReactNode } from 'react';
import { PRICE_MATCH_TERMS } from '#domain/price-match/terms';
import { volumeOfferText, volumeTiersText } from '#domain/pricing/discounts';
import { useVolumeTiers } from '../../lib/volume-tiers';
import { formatCents } from '#domain/pricing/money';
import { REQUIREMENT_ERRORS } from '#domain/pricing/errors';
import { customerPrice } from '#domain/pricing/customer-price';
import type { PriceResult } from '#domain/pricing/price';
import { YOUR_PRICE_LABEL } from '#domain/pricing/price-list';
import { useBuyerPriceList, useYourUnitCents } from '../../lib/buyer-price-list';
import { partnerBuyerAtom } from '../../state';

export type GridsState = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready' };

/**
 * The live price as the customer reads it (domain/pricing/customer-price.ts): their price, the retail price
 * struck through and the saving, the options that add to it, and the size made; or why there is none.
 * A size or colour not chosen yet is only asked for, not warned about, until `showRequirements` (the customer tried to add).
 * Where the price match guarantee is stated, its terms follow, and `priceMatch` (the request's button).
 */
export const PricingPanel = memo(function PricingPanel({
  grids,
  result,
  showRequirements,
  onRetry,
  priceMatch,
}: {
  grids: GridsState;
  result: PriceResult | null;
  showRequirements: boolean;
  onRetry: () => void;
  priceMatch?: ReactNode;
}) {
  // A procurement partner's or a client's contract prices replace the volume tiers.
  const partnerBuyer = useAtomValue(partnerBuyerAtom);
  const contractPrices = useBuyerPriceList() !== null;
  const yourUnitCents = useYourUnitCents(result);
  const tiers = useVolumeTiers();
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
    if (result.error.code === 'INVALID_ENTRY')
      return <Text color="gray.700">Correct the size above to see your price.</Text>;
    if (!showRequirements && REQUIREMENT_ERRORS.has(result.error.code))
      return <Text color="gray.700">Choose a size and a colour to see your price.</Text>;
    return (
      <Alert.Root status="warning" flexDirection="column" alignItems="flex-start" gap="1">
        <Alert.Title>{result.error.title}</Alert.Title>
        <Alert.Description>{result.error.message}</Alert.Description>
      </Alert.Root>
    );
  }
  const price = customerPrice(result, yourUnitCents);
  return (
    <Stack gap="3">
      <HStack align="baseline" gap="3" wrap="wrap">
        {price.yourPrice && <Text fontWeight="semibold">{YOUR_PRICE_LABEL}</Text>}
        <Text fontSize="3xl" fontWeight="bold" color="brand.800" data-testid="unit-price">
          {formatCents(price.unitCents)}
        </Text>
        <Text color="gray.700">each</Text>
        {price.retail && (
          <Text color="gray.700">
            {price.retail.label}: <s>{formatCents(price.retail.cents)}</s>
          </Text>
        )}
      </HStack>
      {price.retail && (
        <HStack gap="2" wrap="wrap">
          <Text fontSize="sm" fontWeight="bold" color="green.800" bg="green.100" px="2" rounded="md">
            You save {formatCents(price.retail.savingCents)}
          </Text>
          {price.saving && (
            <Text fontSize="sm" color="green.800">
              {price.saving}
            </Text>
          )}
        </HStack>
      )}
      {price.quantity > 1 && (
        <Text fontWeight="semibold">
          {price.quantity} blinds: {formatCents(price.totalCents)}
        </Text>
      )}
      {price.options.length > 0 && (
        <Box as="dl" fontSize="sm" color="gray.700">
          {price.options.map((option) => (
            <HStack key={option.label} justify="space-between" gap="4">
              <Text as="dt">{option.label}</Text>
              <Text as="dd" whiteSpace="nowrap">
                +{formatCents(option.amountCents)}
              </Text>
            </HStack>
          ))}
        </Box>
      )}
      <Separator />
      <Stack gap="1" fontSize="sm" color="gray.700" data-testid="size-made">
        <Text>{price.madeSize}</Text>
        <Text>{price.pricedAs}</Text>
      </Stack>
      {!partnerBuyer && !contractPrices && (
        <Stack gap="0.5" fontSize="sm" color="brand.800" data-testid="volume-offer">
          <Text fontWeight="semibold">{volumeOfferText(tiers)}</Text>
          <Text color="gray.700">{volumeTiersText(tiers)}</Text>
        </Stack>
      )}
      {price.priceMatchGuarantee && (
        <Stack gap="2" fontSize="sm" bg="oak.50" px="3" py="2" rounded="md" data-testid="price-match-guarantee">
          <Text fontWeight="semibold" color="oak.800">
            {PRICE_MATCH_TERMS.headline}
          </Text>
          <Text color="gray.700">{PRICE_MATCH_TERMS.terms}</Text>
          {priceMatch}
        </Stack>
      )}
    </Stack>
  );
});
