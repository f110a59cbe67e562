import { spawn } from 'node:child_process';

/**
 * `npm test`: the lint, the type check and every suite, in two lanes that keep both cores busy.
 * In a single vitest run, vitest starts a project limited to one file at a time (e2e: one shop, one
 * browser per file) only after every other project has finished, and the browser tests mostly wait
 * on pages, so the end-to-end project has a lane of its own:
 * - lane 1 runs the end-to-end files against one shop (its global setup builds the SPA);
 * - lane 2 runs the lint and the type check, then unit, integration and infra in one vitest run.
 * A second end-to-end lane beside the first was tried twice and starved both on two cores
 * (docs/decisions/0048-ci-time.md). A step that fails stops the whole run at once.
 * Arguments (a file, a test name) go to one plain `vitest run`.
 */

const running = new Set<number>();

/** Runs a command in a process group of its own, so that stopping it also stops the shop and the browser it started. */
function step(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', detached: true });
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

const vitest = (args: string[]) => step(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...args]);
const npmScript = (script: string) => step('npm', ['run', '--silent', script]);

async function lanes() {
  await Promise.all([
    vitest(['--project', 'e2e']),
    (async () => {
      await npmScript('lint');
      await npmScript('typecheck');
      await vitest(['--project', 'unit', '--project', 'integration', '--project', 'infra']);
    })(),
  ]);
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
