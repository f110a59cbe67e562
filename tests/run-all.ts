import { spawn } from 'node:child_process';

/**
 * `npm test`: the lint, the type check and every suite, in two lanes that keep both cores busy.
 * In a single vitest run, vitest starts a project limited to one file at a time (e2e: one shop, one
 * browser per file) only after every other project has finished, and the browser tests mostly wait
 * on pages, so the end-to-end project has a lane of its own:
 * - lane 1 builds the SPA, then runs the end-to-end files against one shop;
 * - lane 2 runs the lint and the type check, then unit, integration and infra in one vitest run, then
 *   the end-to-end files of LATE_E2E_FILES against a shop of its own on the same build, once the
 *   other projects have left a core free.
 * A step that fails stops the whole run at once, the lint first of all.
 * Arguments (a file, a test name) go to one plain `vitest run`.
 */

/** End-to-end files for lane 2: about as long as lane 1 is longer than lane 2 without them. */
const LATE_E2E_FILES = ['tests/e2e/every-page.test.ts'];

const running = new Set<number>();

/** Runs a command in a process group of its own, so that stopping it also stops the shop and the browser it started. */
function step(command: string, args: string[], env: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', detached: true, env: { ...process.env, ...env } });
    const pid = child.pid;
    if (pid !== undefined) running.add(pid);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (pid !== undefined) running.delete(pid);
      if (code === 0) resolve();
      else
        reject(new Error(`${[command, ...args].join(' ')} ${signal ? `stopped by ${signal}` : `exited with ${code}`}`));
    });
  });
}

function stopAll(signal: NodeJS.Signals = 'SIGTERM') {
  for (const pid of running) {
    try {
      process.kill(-pid, signal);
    } catch {
      // The group has already exited.
    }
  }
}

const vitest = (args: string[], env?: Record<string, string>) =>
  step(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...args], env);
const npmScript = (script: string) => step('npm', ['run', '--silent', script]);

async function lanes() {
  const built = npmScript('build');
  // The shops of both lanes serve the build made above (tests/e2e/global-setup.ts builds only when run alone).
  const prebuilt = { E2E_PREBUILT: '1' };
  const lane1 = built.then(() =>
    vitest(['--project', 'e2e', ...LATE_E2E_FILES.flatMap((file) => ['--exclude', file])], prebuilt),
  );
  const lane2 = (async () => {
    await npmScript('lint');
    await npmScript('typecheck');
    await vitest(['--project', 'unit', '--project', 'integration', '--project', 'infra']);
    await built;
    await vitest(['--project', 'e2e', ...LATE_E2E_FILES], prebuilt);
  })();
  await Promise.all([lane1, lane2]);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopAll(signal);
    process.exit(1);
  });
}

try {
  await (process.argv.length > 2 ? vitest(process.argv.slice(2)) : lanes());
} catch (error) {
  stopAll();
  console.error(`\nnpm test stopped: ${(error as Error).message}`);
  process.exit(1);
}
