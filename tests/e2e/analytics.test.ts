import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { browserForThisFile, gotoHydrated } from './support/browser';
import { startShopProcess, type ShopProcess } from './support/shop-process';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');
const browser = browserForThisFile();

/** Opens /returns, then follows the footer's Shipping Info link: one load and one route change in the SPA. */
async function browseTwoPages(page: Page, origin: string): Promise<void> {
  await gotoHydrated(page, new URL('/returns', origin).href);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Shipping Info' }).click();
  await page.waitForURL('**/shipping-info');
  await page.getByRole('heading', { level: 1, name: /shipping/i }).waitFor();
}

/** A Plausible-compatible Events API (POST /api/event) that keeps what it is sent. */
async function startFakePlausible(): Promise<{
  origin: string;
  events: Array<Record<string, unknown>>;
  server: Server;
}> {
  const events: Array<Record<string, unknown>> = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/api/event') events.push(JSON.parse(body) as Record<string, unknown>);
      res.writeHead(202, { 'access-control-allow-origin': '*' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, events, server };
}

describe('page-view analytics', () => {
  it('with none configured, loads and sends nothing beyond this machine', async () => {
    const context = await browser().newContext();
    const page = await context.newPage();
    const requested: string[] = [];
    context.on('request', (request) => requested.push(request.url()));
    try {
      await browseTwoPages(page, baseUrl);
      const config = (await (await fetch(new URL('/config.json', baseUrl))).json()) as Record<string, unknown>;
      expect(config).not.toHaveProperty('analytics');
      const elsewhere = requested.filter(
        (url) => /^https?:/.test(url) && !['localhost', '127.0.0.1'].includes(new URL(url).hostname),
      );
      expect(elsewhere).toEqual([]);
    } finally {
      await context.close();
    }
  });

  describe('with a Plausible-compatible provider configured', () => {
    let provider: Awaited<ReturnType<typeof startFakePlausible>>;
    let shop: ShopProcess;

    beforeAll(async () => {
      provider = await startFakePlausible();
      shop = await startShopProcess({
        ANALYTICS: JSON.stringify({ provider: 'plausible', domain: 'shop.test', apiHost: provider.origin }),
      });
    });

    afterAll(async () => {
      await shop?.stop();
      provider?.server.close();
    });

    it('sends one page view with the path on the first page and on each route change', async () => {
      const context = await browser().newContext();
      const page = await context.newPage();
      try {
        await browseTwoPages(page, shop.baseUrl);
        const origin = new URL(shop.baseUrl).origin;
        await expect
          .poll(() => provider.events.map((event) => event.url))
          .toEqual([`${origin}/returns`, `${origin}/shipping-info`]);
        expect(provider.events.every((event) => event.name === 'pageview' && event.domain === 'shop.test')).toBe(true);

        await page.goBack();
        await page.waitForURL('**/returns');
        await expect
          .poll(() => provider.events.map((event) => event.url))
          .toEqual([`${origin}/returns`, `${origin}/shipping-info`, `${origin}/returns`]);
      } finally {
        await context.close();
      }
    });
  });
});
