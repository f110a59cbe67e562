/**
 * Lighthouse (the npm package, its default mobile configuration: a mid-range phone, simulated
 * throttling) on the pages that sell, in Debian's Chromium against the local stack serving the
 * production build as CloudFront would (compressed, infra/local/spa.ts); and the first-load
 * JavaScript of each page, from the build itself: the entry script, the chunks its HTML
 * modulepreloads and the page's lazy chunk with the chunks Vite preloads with it, Brotli-compressed.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { siteRoutes } from '../frontend/src/route-meta';
import { compressBody } from '../infra/site-caching';
import { CHROMIUM_PATH } from '../tests/e2e/browser';
import { median } from './latency';

const root = resolve(import.meta.dirname, '..');
const SITE_DIR = join(root, 'frontend/dist');
const LIGHTHOUSE_CLI = join(root, 'node_modules/lighthouse/cli/index.js');
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync';
const RUNS = 3;

export const LIGHTHOUSE_PAGES = [
  '/',
  '/faux-wood-blinds',
  '/wood-blinds',
  '/roller-shades',
  '/vertical-blinds',
  '/mini-blinds',
  '/cart',
  '/account-creation',
] as const;

interface Run {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  bytes: number;
}

interface LighthouseResult {
  runtimeError?: { code: string; message: string };
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number }>;
}

/** One Lighthouse run in its own process and its own Chromium profile (the CLI makes a fresh one). */
async function lighthouseRun(url: string): Promise<Run> {
  const outDir = mkdtempSync(join(tmpdir(), 'shop-lighthouse-'));
  const output = join(outDir, 'report.json');
  try {
    await promisify(execFile)(
      process.execPath,
      [LIGHTHOUSE_CLI, url, '--form-factor=mobile', '--only-categories=performance', '--output=json', `--output-path=${output}`, `--chrome-flags=${CHROME_FLAGS}`, '--quiet'],
      { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, maxBuffer: 64 * 1024 * 1024 },
    );
    const result = JSON.parse(readFileSync(output, 'utf8')) as LighthouseResult;
    if (result.runtimeError) throw new Error(`Lighthouse on ${url}: ${result.runtimeError.code} ${result.runtimeError.message}`);
    const value = (audit: string) => result.audits[audit]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((result.categories.performance.score ?? Number.NaN) * 100),
      fcpMs: value('first-contentful-paint'),
      lcpMs: value('largest-contentful-paint'),
      tbtMs: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      bytes: value('total-byte-weight'),
    };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** The built HTML a path is answered with: its prerendered page, or the SPA shell. */
function builtHtml(path: string): string {
  const page = path === '/' ? 'index.html' : join(path.slice(1), 'index.html');
  try {
    return readFileSync(join(SITE_DIR, page), 'utf8');
  } catch {
    return readFileSync(join(SITE_DIR, '200.html'), 'utf8');
  }
}

/**
 * The module a route lazily loads (`() => import('./pages/products/ProductPage')…`) names its chunk:
 * Vite calls it `<module name>-<hash>.js`, and the entry imports it as `import(`./<chunk>`)…,
 * __vite__mapDeps([…])`, the indexes naming, in the entry's `__vite__mapDeps` list, the files
 * preloaded with it.
 */
function lazyChunkFiles(path: string, entry: string): string[] {
  const route = siteRoutes.find((r) => r.path === path);
  const module = route?.load.toString().match(/import\(\s*["'`][^"'`]*\/([^/"'`]+)["'`]\s*\)/)?.[1];
  if (!module) throw new Error(`No lazily loaded module found for ${path}`);
  const depsList = entry.match(/m\.f\s*=\s*(\[[^\]]*\])/)?.[1];
  const files: string[] = depsList ? (JSON.parse(depsList) as string[]) : [];
  const chunkImport = new RegExp(`import\\(\\s*["'\`]\\./(${module.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-[\\w-]+\\.js)["'\`]\\s*\\)[^;]*?__vite__mapDeps\\(\\[([\\d,]*)\\]\\)`);
  const found = entry.match(chunkImport);
  if (!found) throw new Error(`The entry script has no dynamic import of ${module} for ${path}`);
  return [`assets/${found[1]}`, ...found[2]!.split(',').filter(Boolean).map((i) => files[Number(i)]!)];
}

/** The page's first-load JavaScript, compressed as CloudFront would send it (Brotli). */
export function firstLoadJavaScript(path: string): { files: number; brotliBytes: number } {
  const html = builtHtml(path);
  const entryFile = html.match(/<script type="module"[^>]*src="\/([^"]+)"/)?.[1];
  if (!entryFile) throw new Error(`No entry script in the HTML of ${path}`);
  const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]!);
  const entry = readFileSync(join(SITE_DIR, entryFile), 'utf8');
  const files = new Set([entryFile, ...preloaded, ...lazyChunkFiles(path, entry)].filter((file) => file.endsWith('.js')));
  let brotliBytes = 0;
  for (const file of files) brotliBytes += compressBody(readFileSync(join(SITE_DIR, file)), 'br').length;
  return { files: files.size, brotliBytes };
}

/** The table's lines, each page's as soon as its runs are done: the median of the runs, and its first-load JavaScript. */
export async function* lighthouseTable(baseUrl: string): AsyncGenerator<string> {
  yield ['page', 'score', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'KB sent', 'JS files', 'JS KB br']
    .map((h, i) => (i === 0 ? h.padEnd(20) : h.padStart(9)))
    .join('');
  for (const path of LIGHTHOUSE_PAGES) {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await lighthouseRun(baseUrl + path));
    const of = (key: keyof Run) => median(runs.map((run) => run[key]));
    const js = firstLoadJavaScript(path);
    yield (
      path.padEnd(20) +
        [
          String(of('score')),
          of('fcpMs').toFixed(0),
          of('lcpMs').toFixed(0),
          of('tbtMs').toFixed(0),
          of('cls').toFixed(3),
          (of('bytes') / 1024).toFixed(1),
          String(js.files),
          (js.brotliBytes / 1024).toFixed(1),
        ]
          .map((cell) => cell.padStart(9))
          .join('')
    );
  }
}
