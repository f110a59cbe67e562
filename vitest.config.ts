import { defineConfig } from 'vitest/config';
import { businessDefine } from './frontend/vite.config';

/**
 * The business's facts of the local example settings: baked in as the build does (tests import the
 * SPA's modules), and handed to the unit tests' handlers as the local stack hands them to its own.
 */
const business = businessDefine();

/**
 * `npm test` runs every project: unit tests beside the code, integration tests against the local
 * stack (started by the test run itself), infra assertions on the synthesized CDK template, and
 * end-to-end tests in Debian's Chromium against the local stack serving the built SPA. `npm test`
 * runs e2e in a vitest run of its own beside the other three (tests/run-all.ts).
 */
export default defineConfig({
  test: {
    projects: [
      {
        define: business,
        test: {
          name: 'unit',
          env: { BUSINESS_SETTINGS: business.__BUSINESS__ },
          include: ['{domain,events,functions,infra,frontend}/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Property tests validate dozens of documents against the cXML DTDs: seconds on a machine whose two cores
          // also run the shop, the browser and DynamoDB Local; vitest's default of 5 s failed CI runs.
          testTimeout: 20_000,
          // The unit tests keep no state between files (none stubs globals or modules for good), so they share one
          // module graph: 20 s of CPU for the project instead of 100 s, most of it imports, in a run whose two cores the
          // browser tests also need (decision 0048).
          isolate: false,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/integration/global-setup.ts'],
          // One module graph, as the other projects: the files imported for about 230 s of CPU each in a graph of its
          // own, 8 s in one. A file that starts a stack of its own gives it a graph of its own (tests/support/stack-of-its-own.ts).
          isolate: false,
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
          // One module graph: the files then share one synthesis of the app (tests/infra/synthesized-shop.ts), 63 s of
          // CPU instead of 138 s.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          // The tests read the SPA's modules (its routes, its copy), which expect the build's __BUSINESS__.
          setupFiles: ['infra/spa-business.ts'],
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          fileParallelism: false,
          // One module graph, as unit and infra: each file still launches its own browser (browserForThisFile).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 300_000,
          // A page waited for with expect.poll (grids, carts, toasts) can take seconds to fill on a busy machine; vitest's default gives it 1 s.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
