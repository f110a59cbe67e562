/** The buyer's contract prices, as the product pages show "Your price" with them (the server charges them again). */
import type { BuyerPriceListResponse } from '#domain/pricing/price-list-schema';
import { accessTokenIfSignedIn } from '../auth/access-token';
import { apiRequest } from './client';

/** A signed-in client's list in effect, or a punch-out buyer's (the partner token rides along); null: list prices. */
export async function fetchBuyerPriceList(): Promise<BuyerPriceListResponse> {
  const token = await accessTokenIfSignedIn();
  return apiRequest<BuyerPriceListResponse>('/price-list', {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}
