import { execSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The seeded staff account (admin group) in the local user pool. */
    staffAccount: { email: string; password: string };
    /** The key of the shop's tools under /_local (from the outbox URL it prints); tests call them through tests/support/local-tools.ts. */
    localToolsKey: string;
  }
}

const START_TIMEOUT_MS = 180_000;
const STAFF_EMAIL = 'staff@hillbrookblinds.com';

/**
 * The shop exactly as `npm start` runs it (the SPA built first, so the tests never drive a stale
 * build of an earlier tree), in its own process with its own data folder: the handlers read their settings from process.env,
 * so a second stack in the test runner's process (the integration project's) must not share it.
 */
export default async function setup(project: TestProject) {
  execSync('npm run build', { stdio: 'inherit' });
  const dataDir = await mkdtemp(join(tmpdir(), 'shop-e2e-'));
  const staffPassword = `E2e-${randomBytes(6).toString('hex')}Aa1`;
  const { NODE_ENV: _testMode, ...env } = process.env;
  const shop = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
    // HOST: 127.0.0.1 takes the connections tests send from other loopback addresses (tests/support/client-address.ts).
    env: { ...env, HOST: '127.0.0.1', PORT: '0', LOCAL_DATA_DIR: dataDir, STAFF_ACCOUNT_EMAIL: STAFF_EMAIL, STAFF_ACCOUNT_PASSWORD: staffPassword },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stopped = new Promise<void>((resolve) => shop.once('exit', () => resolve()));

  const { baseUrl, localToolsKey } = await new Promise<{ baseUrl: string; localToolsKey: string }>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`The shop did not start within ${START_TIMEOUT_MS / 1000} s:\n${output}`)), START_TIMEOUT_MS);
    shop.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /Shop:\s+(http:\/\/\S+)/.exec(output)?.[1];
      // The whole line, so a key split across two chunks is not taken for the part that has come.
      const outboxUrl = /Outbox:\s+(http:\/\/\S+)\r?\n/.exec(output)?.[1];
      const key = outboxUrl && new URL(outboxUrl).searchParams.get('key');
      if (url && key) {
        clearTimeout(timer);
        resolve({ baseUrl: url, localToolsKey: key });
      }
    });
    shop.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The shop exited with code ${code} before it was ready:\n${output}`));
    });
  });

  project.provide('baseUrl', baseUrl);
  project.provide('staffAccount', { email: STAFF_EMAIL, password: staffPassword });
  project.provide('localToolsKey', localToolsKey);
  return async () => {
    shop.kill('SIGTERM');
    await stopped;
    await rm(dataDir, { recursive: true, force: true });
  };
}
