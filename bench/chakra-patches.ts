/**
 * `npx tsx bench/chakra-patches.ts [--runs=5] [--builds=DIR]`: what each patch of Chakra's published
 * code in frontend/vite.config.ts saves of a page's total blocking time, the figure that decides
 * whether it stays (decision 0050: at least 10 ms on a page that sells).
 *
 * The site is built once with every patch, once without each, and once with none, each with its own
 * prerender; each build is served on a port of its own beside one local stack (its API and
 * /config.json). Lighthouse (mobile, simulated throttling, as bench/lighthouse.ts runs it) then
 * measures the pages that sell, the builds interleaved within each round and their order rotated
 * from round to round, so that a busy moment of the machine falls on every build alike. For each
 * build without a patch it prints the median TBT and score, and the median of the round-by-round
 * difference from the build with every patch: what the patch saves.
 * `--builds=DIR` keeps the builds there and reuses them on the next run.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import type { Plugin, UserConfig, UserConfigFnObject } from 'vite';
import { createBuiltSpa } from '../infra/local/spa';
import { startLocalStack, type LocalStack } from '../infra/local/stack';
import { gotoHydrated, launchBrowser } from '../tests/e2e/support/browser';
import { blockingFromCpuTime, mainThreadOf, simulatedBlockingMs, type TraceEvent } from './lighthouse';
import { median } from './latency';

process.env.NODE_ENV = 'production';
const root = resolve(import.meta.dirname, '..');
const frontendDir = join(root, 'frontend');
const option = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
const RUNS = Number(option('runs') ?? 5);
const buildsDir = resolve(option('builds') ?? join(tmpdir(), 'shop-chakra-patches'));

/** Home, the category list, a product's configurator, the cart. */
const PAGES = ['/', '/products', '/faux-wood-blinds', '/cart'];

const PATCHES = {
  globalCss: 'chakra-global-css-from-the-html',
  steps: 'chakra-system-in-steps',
  recipes: 'chakra-recipes-with-their-components',
} as const;

interface Variant {
  name: string;
  /** The plugins of frontend/vite.config.ts left out of the browser build. */
  without: string[];
}

const ALL_VARIANTS: Variant[] = [
  { name: 'every-patch', without: [] },
  { name: 'no-global-css-patch', without: [PATCHES.globalCss] },
  { name: 'no-steps-patch', without: [PATCHES.steps] },
  { name: 'no-recipes-patch', without: [PATCHES.recipes] },
];
/** `--only=no-recipes-patch,…`: measure these beside every-patch, the others being built all the same. */
const only = option('only')?.split(',');
const VARIANTS = ALL_VARIANTS.filter((variant) => !only || variant.without.length === 0 || only.includes(variant.name));

const vite = await import('vite');
const shopViteConfig = await import('../frontend/vite.config');
const { recipesLookedUpIn, recipeRegistrations } = shopViteConfig;
type ComponentRecipe = ReturnType<typeof recipesLookedUpIn>[number];

/**
 * Records the recipes the build with every patch ships (those of the Chakra component modules whose
 * code is in its chunks): without the recipes patch, the system gets these up front, as theme.ts
 * listed them before decision 0030.
 */
function recordShippedRecipes(shipped: Map<string, ComponentRecipe>): Plugin {
  const byModule = new Map<string, ComponentRecipe[]>();
  return {
    name: 'bench-record-shipped-recipes',
    transform(code, id) {
      if (id.includes('/@chakra-ui/react/dist/esm/components/')) byModule.set(id, recipesLookedUpIn(code));
    },
    generateBundle(_, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const [id, module] of Object.entries(chunk.modules)) {
          if (module.renderedLength === 0) continue;
          for (const recipe of byModule.get(id) ?? []) shipped.set(`${recipe.kind}.${recipe.key}`, recipe);
        }
      }
    },
  };
}

/** Registers every shipped recipe in the registry's own module, so the start-up loads them all. */
function recipesUpFront(shipped: Map<string, ComponentRecipe>): Plugin {
  return {
    name: 'bench-recipes-up-front',
    transform(code, id) {
      if (!id.endsWith('/frontend/src/component-recipes.ts')) return undefined;
      return { code: recipeRegistrations([...shipped.values()]) + code, map: null };
    },
  };
}

async function buildVariants(): Promise<void> {
  const config = shopViteConfig.default as UserConfigFnObject;
  const shipped = new Map<string, ComponentRecipe>();
  // The renderer is the same for every variant: the browser-only patches do not reach it, and the
  // recipes it renders with make the same HTML wherever they are registered (decision 0030).
  await vite.build({ configFile: join(frontendDir, 'vite.config.ts'), build: { ssr: 'src/entry-server.tsx' } });
  for (const variant of ALL_VARIANTS) {
    const client: UserConfig = config({ command: 'build', mode: 'production', isSsrBuild: false });
    const plugins = (client.plugins as Plugin[]).filter((plugin) => !variant.without.includes(plugin.name));
    if (variant.without.length === 0) plugins.push(recordShippedRecipes(shipped));
    if (variant.without.includes(PATCHES.recipes)) plugins.push(recipesUpFront(shipped));
    await vite.build({ ...client, configFile: false, plugins, logLevel: 'warn' });
    execFileSync(process.execPath, ['--import', 'tsx', join(frontendDir, 'scripts/prerender.ts')], {
      cwd: root,
      stdio: 'inherit',
    });
    renameSync(join(frontendDir, 'dist'), join(buildsDir, variant.name));
    console.log(
      `built ${variant.name}${variant.without.includes(PATCHES.recipes) ? ` (${shipped.size} recipes up front)` : ''}`,
    );
  }
}

/** A build served as the local stack serves the site, the rest (API, /config.json) passed to the stack. */
function serveBuild(distDir: string, stackUrl: string): Promise<{ url: string; server: Server }> {
  const spa = createBuiltSpa(distDir);
  const stack = new URL(stackUrl);
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://local');
    if (!/^\/(api|_local|v1)(\/|$)|^\/config\.json$/.test(pathname)) return void spa(req, res);
    const forwarded = request(
      { host: stack.hostname, port: stack.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(forwarded);
  });
  return new Promise((resolveServer) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolveServer({ url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, server });
    }),
  );
}

/** Every asset and page asked for once (Brotli), so no measured run pays the server's compression. */
async function warmUp(baseUrl: string, distDir: string): Promise<void> {
  const assets = readdirSync(join(distDir, 'assets')).map((file) => `/assets/${file}`);
  for (const path of [...PAGES, ...assets]) {
    await (await fetch(baseUrl + path, { headers: { 'accept-encoding': 'br' } })).arrayBuffer();
  }
}

if (!ALL_VARIANTS.every((variant) => existsSync(join(buildsDir, variant.name, '200.html')))) {
  rmSync(buildsDir, { recursive: true, force: true });
  mkdirSync(buildsDir, { recursive: true });
  await buildVariants();
}

/** DynamoDB Local may take longer to answer than the stack waits for when the machine is busy. */
async function startStack(tries = 3): Promise<LocalStack> {
  try {
    return await startLocalStack({ port: 0, inMemory: true, serveSpa: false });
  } catch (error) {
    if (tries <= 1) throw error;
    return startStack(tries - 1);
  }
}

/**
 * Lighthouse 13's trace categories (core/gather/gatherers/trace.js) less its screenshots and script
 * rundowns, which cost the loaded machine more than the page and add no task to the main thread.
 */
const TRACE_CATEGORIES = [
  '-*',
  'loading',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.stack',
  'disabled-by-default-devtools.timeline.frame',
];

/** Lighthouse's mobile screen: the page lays out as Lighthouse measures it. */
const LIGHTHOUSE_MOBILE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/135.0.0.0 Mobile Safari/537.36',
};

/** main.tsx's stages after the theme's modules, each a timer task: the system's steps, the app's modules, hydration. */
const START_UP_TIMER_TASKS = 5;

interface Load {
  /** Total blocking time as Lighthouse's simulation counts it, from CPU time (bench/lighthouse.ts). */
  cpuTbtMs: number;
  /**
   * The CPU time of each of main.tsx's start-up tasks: the one that evaluates the theme's modules,
   * then its timer tasks (the starter's own timer left out).
   */
  startUpTaskMs: number[];
}

/**
 * One cold load of a page in a fresh context, traced much as Lighthouse traces it, until the page
 * has hydrated (its deferred sections too) and the browser is idle.
 */
async function measureLoad(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext(LIGHTHOUSE_MOBILE);
  try {
    const page = await context.newPage();
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    await gotoHydrated(page, url);
    await page.evaluate(() => new Promise((idle) => requestIdleCallback(idle)));
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
    const { events, tasks } = mainThreadOf(traceEvents);
    // The prerendered pages' starter sets a timer of its own before main.tsx runs (frontend/scripts/prerender.ts).
    const startersTimer = traceEvents.find(
      (event) => event.name === 'TimerInstall' && event.args?.data?.stackTrace?.[0]?.functionName === 'afterFirstPaint',
    )?.args?.data?.timerId;
    const timerTasks = events
      .filter((event) => event.name === 'TimerFire' && event.args?.data?.timerId !== startersTimer)
      .slice(0, START_UP_TIMER_TASKS)
      .map((timer) => tasks.findLast((task) => task.ts <= timer.ts)!);
    const evaluatesModules = (task: TraceEvent) =>
      events.some(
        (event) => event.name === 'v8.evaluateModule' && event.ts >= task.ts && event.ts < task.ts + task.dur!,
      );
    const themeTask = tasks.findLast((task) => task.ts < timerTasks[0]!.ts && evaluatesModules(task))!;
    const startUpTasks = [themeTask, ...timerTasks];
    return {
      cpuTbtMs: blockingFromCpuTime(traceEvents),
      startUpTaskMs: startUpTasks.map((task) => (task.tdur ?? 0) / 1000),
    };
  } finally {
    await context.close();
  }
}

interface Measure extends Load {
  round: string;
  page: string;
  variant: string;
}

// Every load is kept in the builds' directory, so that a later invocation adds rounds to the figures.
const resultsFile = join(buildsDir, 'loads.jsonl');
const stack = await startStack();
const served = await Promise.all(VARIANTS.map((variant) => serveBuild(join(buildsDir, variant.name), stack.url)));
const browser = await launchBrowser();
try {
  for (const [index, { url }] of served.entries()) await warmUp(url, join(buildsDir, VARIANTS[index]!.name));
  // Not counted: the first load meets a cold browser.
  await measureLoad(browser, served[0]!.url + '/');
  for (let round = 0; round < RUNS; round += 1) {
    const roundId = `${new Date().toISOString()} ${round}`;
    for (const page of PAGES) {
      for (let turn = 0; turn < VARIANTS.length; turn += 1) {
        const variant = (turn + round) % VARIANTS.length;
        const load = await measureLoad(browser, served[variant]!.url + page);
        const measure: Measure = { round: roundId, page, variant: VARIANTS[variant]!.name, ...load };
        appendFileSync(resultsFile, `${JSON.stringify(measure)}\n`);
        console.log(
          `round ${round + 1} ${page} ${measure.variant}: TBT ${load.cpuTbtMs.toFixed(0)} ms, start-up tasks ${load.startUpTaskMs.map((ms) => ms.toFixed(1)).join(' ')} ms`,
        );
      }
    }
  }
} finally {
  await browser.close();
  for (const { server } of served) server.close();
  await stack.stop();
}

const measures = readFileSync(resultsFile, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Measure);
const startUpBlocking = (measure: Measure) =>
  measure.startUpTaskMs.reduce((sum, ms) => sum + simulatedBlockingMs(ms), 0);
const quartiles = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.round(q * (sorted.length - 1))]!;
  return `${at(0.25).toFixed(0)}..${at(0.75).toFixed(0)}`;
};
const [baseline, ...withoutOne] = VARIANTS.map((variant) => variant.name);
console.log(
  `\n${new Set(measures.map((measure) => measure.round)).size} interleaved rounds. Total blocking time as Lighthouse's mobile simulation counts it, from CPU time (ms):` +
    ' with every patch, the median; per patch left out, the median of its difference from every-patch in the same round (interquartile range).' +
    ' "start-up" counts main.tsx\'s tasks only (the theme\'s modules, building the system, importing the app, starting hydration).',
);
console.log(['page'.padEnd(24), 'every patch'.padStart(12), ...withoutOne.map((name) => name.padStart(24))].join(''));
for (const page of PAGES) {
  for (const [what, figure] of [
    ['', (measure: Measure) => measure.cpuTbtMs],
    [' start-up', startUpBlocking],
  ] as const) {
    const of = (variant: string) => measures.filter((measure) => measure.page === page && measure.variant === variant);
    const cells = withoutOne.map((variant) => {
      const differences = of(variant).flatMap((measure) => {
        const paired = of(baseline!).find((candidate) => candidate.round === measure.round);
        return paired ? [figure(measure) - figure(paired)] : [];
      });
      return `${median(differences).toFixed(0)} (${quartiles(differences)})`.padStart(24);
    });
    console.log((page + what).padEnd(24) + median(of(baseline!).map(figure)).toFixed(0).padStart(12) + cells.join(''));
  }
}
console.log("\nmain.tsx's start-up tasks (the theme's modules, then its timers), median CPU ms each, in order");
for (const page of PAGES) {
  for (const variant of VARIANTS) {
    const loads = measures.filter((measure) => measure.page === page && measure.variant === variant.name);
    const each = Array.from({ length: START_UP_TIMER_TASKS + 1 }, (_, index) =>
      median(loads.map((load) => load.startUpTaskMs[index] ?? 0)).toFixed(1),
    );
    console.log(`${page.padEnd(18)}${variant.name.padEnd(22)}${each.join('  ')}`);
  }
}
