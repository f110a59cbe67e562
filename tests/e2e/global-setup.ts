import { execSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { startShopProcess } from './support/shop-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The seeded staff account (admin group) in the local user pool. */
    staffAccount: { email: string; password: string };
    /** The key of the shop's tools under /_local (from the outbox URL it prints); tests call them through tests/support/local-tools.ts. */
    localToolsKey: string;
  }
}

/**
 * The shop exactly as `npm start` runs it, the SPA built first, so the tests never drive a stale
 * build of an earlier tree (`npm test` has built it already beside the lint, and says so).
 */
export default async function setup(project: TestProject) {
  if (process.env.SPA_ALREADY_BUILT !== 'true') execSync('npm run build', { stdio: 'inherit' });
  const shop = await startShopProcess();
  project.provide('baseUrl', shop.baseUrl);
  project.provide('staffAccount', shop.staffAccount);
  project.provide('localToolsKey', shop.localToolsKey);
  return () => shop.stop();
}
