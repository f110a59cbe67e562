import { execSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { startShopProcess, type ShopUnderTest } from './support/shop-process';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One shop per lane: the files running side by side never share one (tests/e2e/support/lanes.ts). */
    shops: ShopUnderTest[];
  }
}

/**
 * The shop exactly as `npm start` runs it, the SPA built first, so the tests never drive a stale
 * build of an earlier tree; one per lane, each with its own data.
 */
export default async function setup(project: TestProject) {
  execSync('npm run build', { stdio: 'inherit' });
  const shops = await Promise.all(Array.from({ length: project.config.maxWorkers }, () => startShopProcess()));
  project.provide(
    'shops',
    shops.map(({ baseUrl, staffAccount, localToolsKey }) => ({ baseUrl, staffAccount, localToolsKey })),
  );
  return () => Promise.all(shops.map((shop) => shop.stop()));
}
