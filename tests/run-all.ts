import { spawn } from 'node:child_process';

/**
 * `npm test`: first the lint, the type check and the SPA's build side by side (none waits for
 * another, and nothing else runs yet), then the end-to-end project in one vitest run and the other
 * projects in a second run beside it. In a single run vitest starts a project limited to one file at
 * a time (e2e: one shop, one browser per file) only after every other project has finished, so on a
 * two-core machine the integration and infra files and the browser tests, which mostly wait on
 * pages, would take turns. The e2e run's global setup skips its own build (SPA_ALREADY_BUILT). The
 * integration files that change shop-wide settings run last, alone (SHOP_SETTINGS_FILES).
 * Arguments (a file, a test name) go to one plain `vitest run` after the lint and the type check.
 *
 * The runs' output interleaves, and CI keeps only the end of it: a step that fails has its own
 * failure report (failed tests, unhandled errors, lint findings) printed again once all have finished.
 */
interface StepResult {
  name: string;
  code: number;
  output: string;
}

function runStep(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<StepResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ['inherit', 'pipe', 'pipe'],
      env: { ...process.env, ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}), ...env },
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
      resolve({ name, code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString('utf8') }),
    );
  });
}

const vitestRun = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  runStep(`vitest run ${args.join(' ')}`, process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...args], env);

const REPORT_START = /⎯+ (Failed Suites|Failed Tests|Unhandled Errors?) /;
const TAIL_LINES = 150;

/** A failed step's own report: a vitest run's from its first failure section, any other's last lines. */
function failureReport(output: string): string {
  const lines = output.split('\n');
  const start = lines.findIndex((line) => REPORT_START.test(line.replace(/\x1b\[[0-9;]*m/g, '')));
  return lines.slice(start >= 0 ? start : Math.max(0, lines.length - TAIL_LINES)).join('\n');
}

function exitWith(results: StepResult[]): never {
  const failed = results.filter((result) => result.code !== 0);
  for (const result of failed) {
    process.stdout.write(`\n=== ${result.name} failed (exit ${result.code}) ===\n`);
    process.stdout.write(`${failureReport(result.output)}\n`);
  }
  process.exit(failed[0]?.code ?? 0);
}

const wholeSuite = process.argv.length <= 2;
const checks = await Promise.all([
  runStep('npm run lint', 'npm', ['run', 'lint']),
  runStep('npm run typecheck', 'npm', ['run', 'typecheck']),
  ...(wholeSuite ? [runStep('npm run build', 'npm', ['run', 'build'])] : []),
]);
if (checks.some((result) => result.code !== 0)) exitWith(checks);

/**
 * The integration files that change what the whole shop reads (opening hours, closed days) run after
 * the others, one at a time, against a stack of their own: beside them, a booking or a delivery date
 * of another file would meet hours or a closed day that file never set.
 */
const SHOP_SETTINGS_FILES = 'tests/integration/shop-settings/';

async function otherProjectsThenShopSettings(): Promise<StepResult[]> {
  const others = await vitestRun([
    '--project',
    'unit',
    '--project',
    'integration',
    '--project',
    'infra',
    '--exclude',
    `${SHOP_SETTINGS_FILES}**`,
  ]);
  const shopSettings = await vitestRun(['--project', 'integration', '--no-file-parallelism', SHOP_SETTINGS_FILES]);
  return [others, shopSettings];
}

exitWith(
  wholeSuite
    ? (
        await Promise.all([
          vitestRun(['--project', 'e2e'], { SPA_ALREADY_BUILT: 'true' }).then((result) => [result]),
          otherProjectsThenShopSettings(),
        ])
      ).flat()
    : [await vitestRun(process.argv.slice(2))],
);
