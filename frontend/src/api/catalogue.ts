import type { GridKind, PriceGrids } from '#domain/catalogue/grids/types';
import { apiRequest } from './client';

export interface CurrentPriceGrids {
  versions: Record<GridKind, string>;
  grids: PriceGrids;
}

let pending: Promise<CurrentPriceGrids> | null = null;

/**
 * The current price grids, fetched once per page session and shared by every configurator (the
 * API and the CDN cache them for a minute besides). A failed load is forgotten, so Retry asks again.
 */
export function fetchPriceGrids(): Promise<CurrentPriceGrids> {
  if (!pending) {
    pending = apiRequest<CurrentPriceGrids>('/price-grids').catch((error: unknown) => {
      pending = null;
      throw error;
    });
  }
  return pending;
}
