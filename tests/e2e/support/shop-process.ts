import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const START_TIMEOUT_MS = 180_000;
export const E2E_STAFF_EMAIL = 'staff@hillbrookblinds.com';

export interface ShopProcess {
  baseUrl: string;
  localToolsKey: string;
  staffAccount: { email: string; password: string };
  stop(): Promise<void>;
}

/**
 * The shop as `npm start` runs it, on the SPA already built, in a process of its own with its own
 * data folder (the handlers read their settings from process.env, so a stack in a test's process
 * must not share it); `env` adds settings such as ANALYTICS.
 */
export async function startShopProcess(env: Record<string, string> = {}): Promise<ShopProcess> {
  const dataDir = await mkdtemp(join(tmpdir(), 'shop-e2e-'));
  const staffPassword = `E2e-${randomBytes(6).toString('hex')}Aa1`;
  const { NODE_ENV: _testMode, ...inherited } = process.env;
  const shop = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
    // HOST: 127.0.0.1 takes the connections tests send from other loopback addresses (tests/support/client-address.ts).
    env: {
      ...inherited,
      HOST: '127.0.0.1',
      PORT: '0',
      LOCAL_DATA_DIR: dataDir,
      STAFF_ACCOUNT_EMAIL: E2E_STAFF_EMAIL,
      STAFF_ACCOUNT_PASSWORD: staffPassword,
      // A dialog opening by itself would cover what other tests click; tests/e2e/appointments.test.ts turns it on in /config.json.
      MEASURE_POPUP_AUTO_SHOW: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stopped = new Promise<void>((resolve) => shop.once('exit', () => resolve()));

  const { baseUrl, localToolsKey } = await new Promise<{ baseUrl: string; localToolsKey: string }>(
    (resolve, reject) => {
      let output = '';
      const timer = setTimeout(
        () => reject(new Error(`The shop did not start within ${START_TIMEOUT_MS / 1000} s:\n${output}`)),
        START_TIMEOUT_MS,
      );
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
    },
  );

  return {
    baseUrl,
    localToolsKey,
    staffAccount: { email: E2E_STAFF_EMAIL, password: staffPassword },
    async stop() {
      shop.kill('SIGTERM');
      await stopped;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
