/**
 * Each Lambda function's bundle as the CDK builds it (esbuild with LAMBDA_BUNDLING, the options
 * NodejsFunction is given), without synthesizing the assets: its minified size, its cold
 * initialisation (importing the bundle in a fresh Node process, median of several runs, with the
 * environment Lambda gives it, so the tracer is loaded as from Powertools' layer: here from
 * node_modules, through NODE_PATH as on Lambda), and for a bundle over the aim the packages that weigh
 * most in it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { buildShopApp } from '../infra/stacks/shop-app';
import { LAMBDA_ESBUILD_OPTIONS, ShopFunction } from '../infra/stacks/shop-function';
import { median } from './latency';

const root = resolve(import.meta.dirname, '..');
const COLD_START_RUNS = 5;
/**
 * The aim of issue 31: every function at most `bytes` minified and the median at most
 * `medianBytes`; importing one takes `initMs` at the median and `maxInitMs` at most.
 */
export const LAMBDA_AIM = { bytes: 500 * 1024, medianBytes: 350 * 1024, initMs: 50, maxInitMs: 100 } as const;

export interface LambdaBundle {
  /** The function's declared id (route, consumer or job). */
  name: string;
  file: string;
  bytes: number;
  initMs: number;
  /** For a bundle over the aim: its heaviest packages (or source folders) and their bytes in the output. */
  heaviest: Array<{ source: string; bytes: number }>;
}

/** Every function of the app and the module it runs, from the stacks themselves (no asset is bundled). */
function declaredFunctions(): Array<{ name: string; file: string }> {
  const { app } = buildShopApp({ context: { 'aws:cdk:bundling-stacks': [] } });
  return app.node
    .findAll()
    .filter((c): c is ShopFunction => c instanceof ShopFunction)
    .map((fn) => ({ name: fn.node.id, file: fn.handler.file }));
}

async function bundle(entry: string, outfile: string): Promise<Metafile> {
  const result = await build({
    ...LAMBDA_ESBUILD_OPTIONS,
    entryPoints: [join(root, entry)],
    outfile,
    metafile: true,
    logLevel: 'error',
  });
  return result.metafile;
}

function coldInitMs(bundleFile: string): number {
  const script = `const t0 = performance.now(); await import(${JSON.stringify(pathToFileURL(bundleFile).href)}); console.log(performance.now() - t0);`;
  const runs: number[] = [];
  for (let i = 0; i < COLD_START_RUNS; i += 1) {
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH,
        AWS_REGION: 'us-east-1',
        AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
        POWERTOOLS_TRACE_ENABLED: 'true',
        NODE_PATH: join(root, 'node_modules'),
      },
    });
    if (result.status !== 0) throw new Error(`Importing ${bundleFile} failed: ${result.stderr}`);
    runs.push(Number(result.stdout.trim()));
  }
  return median(runs);
}

/** The package (`@aws-sdk/client-s3`, `react-dom`) or, for the project's own code, the top folder an input belongs to. */
function sourceOf(input: string): string {
  const inPackage = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  return inPackage ? inPackage[1]! : input.split('/')[0]!;
}

function heaviestSources(metafile: Metafile, count = 5): LambdaBundle['heaviest'] {
  const bytesBySource = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      bytesBySource.set(sourceOf(input), (bytesBySource.get(sourceOf(input)) ?? 0) + bytesInOutput);
    }
  }
  return [...bytesBySource]
    .map(([source, bytes]) => ({ source, bytes }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, count);
}

/** Each declared function's bundle, by name, as soon as it is measured (functions sharing a module share its bundle). */
export async function* measureLambdaBundles(): AsyncGenerator<LambdaBundle> {
  const out = mkdtempSync(join(tmpdir(), 'shop-bench-lambda-'));
  try {
    const byFile = new Map<string, Omit<LambdaBundle, 'name'>>();
    for (const { name, file } of declaredFunctions().sort((a, b) => a.name.localeCompare(b.name))) {
      let measured = byFile.get(file);
      if (!measured) {
        const outfile = join(out, `${byFile.size}`, 'index.mjs');
        const metafile = await bundle(file, outfile);
        const bytes = statSync(outfile).size;
        const initMs = coldInitMs(outfile);
        const over = bytes > LAMBDA_AIM.bytes || initMs > LAMBDA_AIM.maxInitMs;
        measured = { file, bytes, initMs, heaviest: over ? heaviestSources(metafile) : [] };
        byFile.set(file, measured);
      }
      yield { name, ...measured };
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
