import { spawn } from 'node:child_process';

/**
 * `npm test`: the end-to-end project in one vitest run and the other projects in a second run beside
 * it. In a single run vitest starts a project limited to one file at a time (e2e: one shop, one
 * browser per file) only after every other project has finished, so on a two-core machine the
 * integration and infra files and the browser tests, which mostly wait on pages, would take turns.
 * Arguments (a file, a test name) go to one plain `vitest run`.
 */
const RUNS: string[][] =
  process.argv.length > 2
    ? [process.argv.slice(2)]
    : [
        ['--project', 'e2e'],
        ['--project', 'unit', '--project', 'integration', '--project', 'infra'],
      ];

function vitestRun(args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...args], { stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const codes = await Promise.all(RUNS.map(vitestRun));
process.exit(codes.find((code) => code !== 0) ?? 0);
