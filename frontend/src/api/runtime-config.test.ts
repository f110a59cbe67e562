import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RuntimeConfig } from '#domain/runtime-config';

const CONFIG: RuntimeConfig = {
  region: 'us-east-1',
  apiBaseUrl: '/api',
  webSocketUrl: 'wss://ws.example',
  userPoolId: 'us-east-1_pool',
  userPoolClientId: 'client',
  analytics: { provider: 'plausible', domain: 'shop.example' },
};

const answer = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

/** A fresh module per test: the loaded configuration is kept for the page's life. */
const loadRuntimeConfig = async () => (await import('./runtime-config')).loadRuntimeConfig();

beforeEach(() => vi.resetModules());
afterEach(() => vi.unstubAllGlobals());

describe('loadRuntimeConfig', () => {
  it('reads /config.json once per page', async () => {
    const fetchMock = vi.fn(() => answer(200, CONFIG));
    vi.stubGlobal('fetch', fetchMock);
    const { loadRuntimeConfig: load } = await import('./runtime-config');
    await expect(load()).resolves.toEqual(CONFIG);
    await expect(load()).resolves.toEqual(CONFIG);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('refuses a configuration without the addresses the shop needs, naming them', async () => {
    const { apiBaseUrl: _api, userPoolId: _pool, ...incomplete } = CONFIG;
    vi.stubGlobal('fetch', () => answer(200, { ...incomplete, region: 42 }));
    await expect(loadRuntimeConfig()).rejects.toThrow('config.json has no region, apiBaseUrl, userPoolId');
    vi.stubGlobal('fetch', () => answer(200, null));
    await expect(loadRuntimeConfig()).rejects.toThrow(
      'config.json has no region, apiBaseUrl, webSocketUrl, userPoolId, userPoolClientId',
    );
  });

  it('tries again after a failed load', async () => {
    const fetchMock = vi.fn().mockReturnValueOnce(answer(503, {})).mockReturnValue(answer(200, CONFIG));
    vi.stubGlobal('fetch', fetchMock);
    const { loadRuntimeConfig: load } = await import('./runtime-config');
    await expect(load()).rejects.toThrow('config.json answered 503');
    await expect(load()).resolves.toEqual(CONFIG);
  });
});
