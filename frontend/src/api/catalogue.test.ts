import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEED_PRICE_GRIDS } from '#domain/catalogue/grids/index';
import { fetchPriceGrids } from './catalogue';
import { ApiError } from './client';

const CONFIG = {
  region: 'us-east-1',
  apiBaseUrl: '/api',
  webSocketUrl: 'wss://ws.example',
  userPoolId: 'pool',
  userPoolClientId: 'client',
};
const BODY = { versions: { fauxWoodStock: 'v1' }, grids: SEED_PRICE_GRIDS };

afterEach(() => vi.unstubAllGlobals());

describe('fetchPriceGrids', () => {
  it('asks the API once and shares the grids; after a failure, the next call asks again', async () => {
    let fail = true;
    const gridCalls = vi.fn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/config.json') return Response.json(CONFIG);
        gridCalls(url);
        return fail ? Response.json({ message: 'Failed to fetch pricing data' }, { status: 503 }) : Response.json(BODY);
      }),
    );
    await expect(fetchPriceGrids()).rejects.toBeInstanceOf(ApiError);
    fail = false;
    const [first, second] = await Promise.all([fetchPriceGrids(), fetchPriceGrids()]);
    expect(first).toEqual(BODY);
    expect(second).toBe(first);
    await fetchPriceGrids();
    expect(gridCalls.mock.calls).toEqual([['/api/price-grids'], ['/api/price-grids']]);
  });
});
