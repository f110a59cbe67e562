import { httpHandler } from '../lib/http';
import { cacheableJson, entityTag } from './cacheable';
import { loadCurrentGrids } from './grid-store';

/** GET /api/price-grids: every current grid, for the configurators' live prices. */
export const getPriceGrids = httpHandler(async (event) => {
  const { grids, versions } = await loadCurrentGrids();
  return cacheableJson(event, entityTag(JSON.stringify(versions)), { versions, grids });
});
