/** The price panel's price match request, My Account's list of them, and the price matches under the admin Promotions tab (routes in functions/price-match/routes.ts). */
import type { CustomerPriceMatch, PriceMatchRecord } from '#domain/price-match/price-match';
import type {
  CustomerPriceMatches,
  PriceMatchDecision,
  PriceMatchesPage,
  PriceMatchList,
  PriceMatchRequestInput,
} from '#domain/price-match/price-match-schema';
import { apiRequest } from './client';

export type { CustomerPriceMatch, PriceMatchRecord };

const auth = true;

export function requestPriceMatch(body: PriceMatchRequestInput): Promise<CustomerPriceMatch> {
  return apiRequest<CustomerPriceMatch>('/price-matches', { method: 'POST', body, auth });
}

export async function fetchMyPriceMatches(options: { signal?: AbortSignal } = {}): Promise<CustomerPriceMatch[]> {
  return (await apiRequest<CustomerPriceMatches>('/price-matches', { auth, signal: options.signal })).priceMatches;
}

export function fetchPriceMatchesPage(list: PriceMatchList, cursor: string | null): Promise<PriceMatchesPage> {
  const query = new URLSearchParams({ list, ...(cursor ? { cursor } : {}) });
  return apiRequest<PriceMatchesPage>(`/admin/price-matches?${query}`, { auth });
}

export function decidePriceMatch(priceMatchId: string, decision: PriceMatchDecision): Promise<PriceMatchRecord> {
  return apiRequest<PriceMatchRecord>(`/admin/price-matches/${encodeURIComponent(priceMatchId)}/decision`, {
    method: 'POST',
    body: decision,
    auth,
  });
}
