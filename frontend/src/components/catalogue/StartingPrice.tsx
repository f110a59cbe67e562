import { Text, type TextProps } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import type { FamilyId } from '#domain/catalogue/families';
import { formatCents } from '#domain/pricing/money';
import type { StartingPrices } from '#domain/pricing/starting-price';
import { apiRequest } from '../../api/client';

let pending: Promise<StartingPrices> | null = null;

/** Every family's starting price, asked once per page session (a few dozen bytes, cached by the CDN); a failed load is forgotten. */
function fetchStartingPrices(): Promise<StartingPrices> {
  if (!pending) {
    pending = apiRequest<{ startingPrices: StartingPrices }>('/starting-prices').then(
      (body) => body.startingPrices,
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
  }
  return pending;
}

/** The family's starting price in cents once it arrives: null in the prerendered HTML and until then. */
function useStartingPrice(family: FamilyId): number | null {
  const [cents, setCents] = useState<number | null>(null);
  useEffect(() => {
    let current = true;
    fetchStartingPrices().then(
      (prices) => current && setCents(prices[family]),
      // Without a starting price the card simply shows none; the configurator prices every size itself.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [family]);
  return cents;
}

/**
 * "from $9.26": the lowest price of the family over the current grids (domain/pricing/starting-price.ts).
 * Its line is reserved before the price arrives, so prerendered pages do not shift when it fills in.
 */
export function StartingPrice({ family, ...text }: { family: FamilyId } & TextProps) {
  const cents = useStartingPrice(family);
  return (
    <Text data-testid="starting-price" {...text}>
      {cents === null ? '\u00a0' : `from ${formatCents(cents)}`}
    </Text>
  );
}
