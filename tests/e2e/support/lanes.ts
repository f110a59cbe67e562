import { inject } from 'vitest';
import type { ShopUnderTest } from './shop-process';

/**
 * The shop of the lane this file runs in. End-to-end files run two at a time (the e2e project's
 * maxWorkers), vitest numbering its workers 1 to maxWorkers, and each lane has a shop of its own: a
 * file that changes what the whole shop holds (price grids, webhooks, punch-out configurations)
 * meets only the files of its own lane, one after the other, as when they all ran in one. Against a
 * shop given by E2E_BASE_URL there is one lane.
 */
function laneShop(): ShopUnderTest {
  const shops = inject('shops');
  const lane = Number(process.env.VITEST_POOL_ID ?? 1) - 1;
  const shop = shops[lane % shops.length]!;
  const baseUrl = process.env.E2E_BASE_URL;
  return baseUrl ? { ...shop, baseUrl } : shop;
}

export const shop = laneShop();
