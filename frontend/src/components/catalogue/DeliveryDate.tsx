import { Text, type TextProps } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { DELIVERY_ZONE_LABELS, shortDate } from '#domain/calendar/date-text';
import type { DeliveryEstimateResponse } from '#domain/calendar/estimate-schema';
import type { FamilyId } from '#domain/catalogue/families';
import { apiRequest } from '../../api/client';

/**
 * "Order now, delivered by Tue, Dec 15 to Dallas–Fort Worth": the slowest of the families' dates
 * for an order placed now, as the server's calendar computes them (with the days staff closed the
 * shop). Nothing until it arrives, and nothing if it cannot: the terms' production and delivery
 * times are stated beside it.
 */
export function DeliveryDate({ families, ...text }: { families: readonly FamilyId[] } & TextProps) {
  const [answer, setAnswer] = useState<DeliveryEstimateResponse | null>(null);
  const query = [...new Set(families)].sort().join(',');
  useEffect(() => {
    if (!query) return;
    const abort = new AbortController();
    apiRequest<DeliveryEstimateResponse>(`/delivery-estimate?families=${query}`, { signal: abort.signal }).then(
      setAnswer,
      () => undefined,
    );
    return () => abort.abort();
  }, [query]);
  if (!answer || !query) return null;
  return (
    <Text data-testid="delivery-date" {...text}>
      Order now, delivered by <strong>{shortDate(answer.estimate.deliveredBy)}</strong>{' '}
      {DELIVERY_ZONE_LABELS[answer.zone]}
    </Text>
  );
}
