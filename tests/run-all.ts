import { spawn } from 'node:child_process';

/**
 * `npm test`: the end-to-end project in one vitest run and the other projects in a second run beside
 * it. In a single run vitest starts a project limited to one file at a time (e2e: one shop, one
 * browser per file) only after every other project has finished, so on a two-core machine the
 * integration and infra files and the browser tests, which mostly wait on pages, would take turns.
 * Arguments (a file, a test name) go to one plain `vitest run`.
 *
 * The two runs' output interleaves, and CI keeps only the end of it: a run that fails has its own
 * failure report (failed tests, unhandled errors) printed again once both have finished.
 */
const RUNS: string[][] =
  process.argv.length > 2
    ? [process.argv.slice(2)]
    : [
        ['--project', 'e2e'],
        ['--project', 'unit', '--project', 'integration', '--project', 'infra'],
      ];

interface RunResult {
  args: string[];
  code: number;
  output: string;
}

function vitestRun(args: string[]): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...args], {
      stdio: ['inherit', 'pipe', 'pipe'],
      env: process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env,
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      process.stderr.write(chunk);
    });
    child.on('error', reject);
    child.on('close', (code, signal) =>
      resolve({ args, code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString('utf8') }),
    );
  });
}

const REPORT_START = /⎯+ (Failed Suites|Failed Tests|Unhandled Errors?) /;
const TAIL_LINES = 150;

/** The failing run's own report, from vitest's first failure section, or its last lines when it has none. */
function failureReport(output: string): string {
  const lines = output.split('\n');
  const start = lines.findIndex((line) => REPORT_START.test(line.replace(/\x1b\[[0-9;]*m/g, '')));
  return lines.slice(start >= 0 ? start : Math.max(0, lines.length - TAIL_LINES)).join('\n');
}

const results = await Promise.all(RUNS.map(vitestRun));
const failed = results.filter((result) => result.code !== 0);
for (const result of failed) {
  process.stdout.write(`\n=== vitest run ${result.args.join(' ')} failed (exit ${result.code}) ===\n`);
  process.stdout.write(`${failureReport(result.output)}\n`);
}
process.exit(failed[0]?.code ?? 0);
