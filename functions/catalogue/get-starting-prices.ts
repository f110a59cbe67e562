import { startingPrices, type StartingPrices } from '#domain/pricing/starting-price';
import { httpHandler } from '../lib/http';
import { cacheableJson, entityTag } from './cacheable';
import { loadCurrentGrids } from './grid-store';

/** The last answer, by the grid versions it was computed from: pricing every grid size takes a tenth of a second. */
let computed: { tag: string; body: StartingPrices } | null = null;

/**
 * GET /api/starting-prices: each family's "from $X" in cents over the current grids, and each
 * series' (a buyer's contract shares are per series), a few hundred bytes for the category cards,
 * so the home page never loads the grids themselves.
 */
export const getStartingPrices = httpHandler(async (event) => {
  const { grids, versions } = await loadCurrentGrids();
  const tag = entityTag(`starting-prices:${JSON.stringify(versions)}`);
  if (computed?.tag !== tag) computed = { tag, body: startingPrices(grids) };
  return cacheableJson(event, tag, computed.body);
});
