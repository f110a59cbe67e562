import { configDefaults, defineConfig } from 'vitest/config';

/**
 * `npm test` runs every project: unit tests beside the code, integration tests against the local
 * stack (started by the test run itself), infra assertions on the synthesized CDK template, and
 * end-to-end tests in Debian's Chromium against the local stack serving the built SPA. `npm test`
 * runs e2e in vitest runs of their own beside the other three (tests/run-all.ts).
 */

/**
 * End-to-end files that change or count what the whole shop holds: the price grids every price is
 * made from, a webhook subscription that receives every contact message, and the punch-out
 * configurations the System Monitor counts. No other file may run beside them on their shop.
 */
const E2E_SHOP_WIDE = ['admin-price-grids', 'admin-webhooks', 'admin-punchout', 'punchout-journey'].map(
  (name) => `tests/e2e/${name}.test.ts`,
);

/**
 * `npm test` runs the end-to-end files in two lanes side by side, each a vitest run with a shop of
 * its own (tests/run-all.ts): E2E_LANE=shared runs every other file, E2E_WORKERS at a time, and
 * E2E_LANE=shop-wide the files above, one at a time. Without E2E_LANE (a file, or the whole project by
 * hand) every file runs one at a time against one shop.
 */
const e2eLane = process.env.E2E_LANE;
/** Browser tests mostly wait on pages: this many files at a time keep both cores busy without starving the pages. */
const E2E_WORKERS = 2;
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{domain,events,functions,infra,frontend}/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/integration/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['tests/infra/**/*.test.ts'],
          // The apps are synthesized without bundling (one test bundles every handler in one esbuild run), but cdk-nag on
          // every stack still takes minutes while the e2e and integration runs share both cores.
          testTimeout: 900_000,
          hookTimeout: 900_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: e2eLane === 'shop-wide' ? E2E_SHOP_WIDE : ['tests/e2e/**/*.test.ts'],
          exclude: e2eLane === 'shared' ? [...configDefaults.exclude, ...E2E_SHOP_WIDE] : configDefaults.exclude,
          globalSetup: ['tests/e2e/global-setup.ts'],
          ...(e2eLane === 'shared' ? { maxWorkers: E2E_WORKERS } : { fileParallelism: false }),
          testTimeout: 60_000,
          hookTimeout: 300_000,
          // A page waited for with expect.poll (grids, carts, toasts) can take seconds to fill on a busy machine; vitest's default gives it 1 s.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
