import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';

/**
 * `npm test`: first the lint, the type check and the SPA's build side by side (none waits for
 * another, and nothing else runs yet), then the end-to-end project in two vitest runs, each with half
 * of its files and a shop of its own, and the other projects in a third run beside them. In a single
 * run vitest starts a project limited to one file at a time (e2e: one shop, one browser per file)
 * only after every other project has finished, so on a two-core machine the integration and infra
 * files and the browser tests, which mostly wait on pages, would take turns; and one e2e run alone
 * keeps the two cores less than half busy (decision 0080). The e2e runs' global setup skips its own
 * build (SPA_ALREADY_BUILT).
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

const vitestRun = (args: string[], env: NodeJS.ProcessEnv = {}, name = `vitest run ${args.join(' ')}`) =>
  runStep(name, process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...args], env);

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

/**
 * Seconds each end-to-end file took in a clean-clone run (of 4c75ae6). They only balance the two
 * halves: a file not listed counts as a typical one.
 */
const E2E_SECONDS: Record<string, number> = {
  'every-page': 361,
  configurators: 255,
  'checkout-journey': 126,
  'page-layout': 102,
  shell: 99,
  'admin-punchout': 86,
  chat: 85,
  'punchout-journey': 83,
  appointments: 79,
  'admin-price-grids': 52,
  'property-schedules': 45,
  'fit-checks': 45,
  'customer-quotes': 42,
  'account-journey': 40,
  'installation-booking': 37,
  'product-pictures': 37,
  'admin-webhooks': 35,
  routes: 31,
  'my-account': 31,
  samples: 30,
  'careers-apply': 29,
  'first-paint': 28,
  returns: 27,
  'window-preview': 25,
  'info-pages': 25,
  'cart-page': 24,
  'pay-on-account': 23,
  properties: 23,
  'admin-customers': 22,
  'cart-journey': 21,
  'accounts-identity': 21,
  'add-to-cart': 20,
  analytics: 16,
  'volume-discount': 16,
  'account-invoices': 15,
  'configurator-return': 15,
  'installations-admin': 15,
  'admin-promotions': 14,
  'price-match': 11,
  'staff-tab': 10,
  'payment-methods': 10,
  'privacy-requests': 10,
  'production-stages': 8,
  'order-again': 7,
  'contract-prices': 7,
  'delivery-dates': 3,
  claims: 0,
};
const TYPICAL_E2E_SECONDS = 30;

/** The e2e files in two halves of about the same time: the longest first, each to the lighter half. */
function e2eHalves(): [string[], string[]] {
  const files = readdirSync('tests/e2e')
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => ({
      path: `tests/e2e/${name}`,
      seconds: E2E_SECONDS[name.replace(/\.test\.ts$/, '')] ?? TYPICAL_E2E_SECONDS,
    }))
    .sort((a, b) => b.seconds - a.seconds);
  const halves: [{ paths: string[]; seconds: number }, { paths: string[]; seconds: number }] = [
    { paths: [], seconds: 0 },
    { paths: [], seconds: 0 },
  ];
  for (const file of files) {
    const lighter = halves[0].seconds <= halves[1].seconds ? halves[0] : halves[1];
    lighter.paths.push(file.path);
    lighter.seconds += file.seconds;
  }
  return [halves[0].paths, halves[1].paths];
}

const wholeSuite = process.argv.length <= 2;
const checks = await Promise.all([
  runStep('npm run lint', 'npm', ['run', 'lint']),
  runStep('npm run typecheck', 'npm', ['run', 'typecheck']),
  ...(wholeSuite ? [runStep('npm run build', 'npm', ['run', 'build'])] : []),
]);
if (checks.some((result) => result.code !== 0)) exitWith(checks);

exitWith(
  wholeSuite
    ? await Promise.all([
        ...e2eHalves().map((files, half) =>
          vitestRun(['--project', 'e2e', ...files], { SPA_ALREADY_BUILT: 'true' }, `e2e half ${half + 1}`),
        ),
        vitestRun(['--project', 'unit', '--project', 'integration', '--project', 'infra']),
      ])
    : [await vitestRun(process.argv.slice(2))],
);
