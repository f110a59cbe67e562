import { spawn } from 'node:child_process';

/**
 * `npm test`: three vitest runs side by side. In a single run vitest starts a project limited to one
 * file at a time only after every other project has finished, so on a two-core machine the
 * integration and infra files and the browser tests, which mostly wait on pages, would take turns.
 * One run takes the unit, integration and infra projects; the end-to-end project runs in two lanes
 * (vitest.config.ts), each with a shop of its own, once the SPA is built for both (their global setups
 * then skip the build). Arguments (a file, a test name) go to one plain `vitest run`.
 */
function run(command: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const vitestRun = (args: string[], env: Record<string, string> = {}) =>
  run(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...args], env);

const firstFailure = (codes: number[]) => codes.find((code) => code !== 0) ?? 0;

async function endToEnd(): Promise<number> {
  const built = await run('npm', ['run', 'build']);
  if (built !== 0) return built;
  const lanes = ['shared', 'shop-wide'].map((lane) =>
    vitestRun(['--project', 'e2e'], { E2E_LANE: lane, E2E_SPA_BUILT: '1' }),
  );
  return firstFailure(await Promise.all(lanes));
}

const codes =
  process.argv.length > 2
    ? [await vitestRun(process.argv.slice(2))]
    : await Promise.all([
        vitestRun(['--project', 'unit', '--project', 'integration', '--project', 'infra']),
        endToEnd(),
      ]);
process.exit(firstFailure(codes));
