import { Text, VisuallyHidden, type TextProps } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { shopDateAt } from '#domain/appointments/schedule';
import type { FamilyId } from '#domain/catalogue/families';
import { formatCents } from '#domain/pricing/money';
import { contractStartingCents, LIST_PRICE_LABEL, YOUR_PRICE_LABEL } from '#domain/pricing/price-list';
import type { StartingPrices } from '#domain/pricing/starting-price';
import { apiRequest } from '../../api/client';
import { useBuyerPriceList } from '../../lib/buyer-price-list';

let pending: Promise<StartingPrices> | null = null;

/** Every family's starting prices, asked once per page session (a few hundred bytes, cached by the CDN); a failed load is forgotten. */
function fetchStartingPrices(): Promise<StartingPrices> {
  pending ??= apiRequest<StartingPrices>('/starting-prices').catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}

/** The family's starting price in cents, and the buyer's own where a contract makes it lower: null in the prerendered HTML and until it arrives. */
function useStartingPrice(family: FamilyId): { listCents: number; yourCents: number | null } | null {
  const [prices, setPrices] = useState<StartingPrices | null>(null);
  const priceList = useBuyerPriceList();
  useEffect(() => {
    let current = true;
    fetchStartingPrices().then(
      (loaded) => current && setPrices(loaded),
      // Without a starting price the card simply shows none; the configurator prices every size itself.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  const listCents = prices?.startingPrices[family] ?? null;
  if (!prices || listCents === null) return null;
  const yourCents = priceList
    ? contractStartingCents(family, prices.seriesStartingPrices[family], priceList, shopDateAt(new Date()))
    : null;
  return { listCents, yourCents: yourCents !== null && yourCents < listCents ? yourCents : null };
}

/**
 * "from $9.26": the lowest price of the family over the current grids (domain/pricing/starting-price.ts);
 * a buyer on contract prices reads "Your price from $8.33" with the list price struck through.
 * Its line is reserved before the price arrives, so prerendered pages do not shift when it fills in.
 */
export function StartingPrice({ family, ...text }: { family: FamilyId } & TextProps) {
  const price = useStartingPrice(family);
  if (!price) {
    return (
      <Text data-testid="starting-price" {...text}>
        {'\u00a0'}
      </Text>
    );
  }
  return (
    <Text data-testid="starting-price" {...text}>
      {price.yourCents === null ? (
        `from ${formatCents(price.listCents)}`
      ) : (
        <>
          {`${YOUR_PRICE_LABEL} from ${formatCents(price.yourCents)} `}
          <VisuallyHidden>{`${LIST_PRICE_LABEL.toLowerCase()} `}</VisuallyHidden>
          <Text as="s" color="gray.600" fontWeight="normal">
            {formatCents(price.listCents)}
          </Text>
        </>
      )}
    </Text>
  );
}
