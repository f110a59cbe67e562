/**
 * `npm run bench`: the figures the closing notes quote.
 * - per page entry: the JavaScript a browser downloads to show it (KB, gzip), measured in Chromium
 *   against the local stack serving the production build, and what the chat button's first press adds;
 * - per Lambda function (bundled by esbuild with the CDK's options): its size and its cold initialisation
 *   time, i.e. importing the bundle in a fresh Node process, median of several runs (bench/lambda-bundles.ts);
 * - pricing: quotes per second of the engine, and p50/p99 of POST /api/quotes through the local gateway;
 * - the cart: p50/p99 of adding, reading and counting through the local gateway, and the idle-cart sweep;
 * - the invoice PDF of a paid order: p50/p99 of rendering it and its size;
 * - checkout: p50/p99 of the quote, of placing an order and of the payment webhook, and the AWS and
 *   Stripe calls of one order from cart to delivered, with their cost per 1,000 orders;
 * - orders at property scale: p50/p99 of reading, quoting, placing and paying a 1,000-line cart;
 * - property schedules: p50/p99 of importing 2,000 windows from CSV, ordering 1,000 windows into the
 *   cart and reading that cart;
 * - live chat: p50/p99 from a customer's message to a staff connection's receipt through the local
 *   WebSocket gateway, and 200 connections held with messages flowing;
 * - punch-out cXML: documents per second the parser accepts (a setup request, an OrderRequest) and
 *   20-line punch-out order messages built per second;
 * - punch-out sessions: p50/p99 of a setup request and of a partner's submit through the local gateway;
 * - Lighthouse (mobile) per page that sells, median of 3, and its first-load JavaScript (bench/lighthouse.ts);
 * - Interaction to Next Paint (web-vitals) of typing a width, choosing a colour, switching a series tab,
 *   Add to Cart and opening the chat, on a phone at 4x CPU slowdown, median of 5 (bench/inp.ts).
 * Steps can be run alone by name: `npm run bench -- lighthouse lambda`. Each step's figures are written
 * with the commit to `bench/results/<step>.json` (bench/results.ts).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';
import { gotoHydrated, launchBrowser } from '../tests/e2e/support/browser';
import { startLocalStack, type LocalStack } from '../infra/local/stack';
import '../infra/spa-business';
import { publicRoutePaths } from '../frontend/src/route-meta';
import { benchmarkPricing } from './pricing';
import { benchmarkCartApi } from './cart-api';
import { formatLatency, median } from './latency';
import { lighthouseTable } from './lighthouse';
import { inpTable } from './inp';
import { LAMBDA_AIM, measureLambdaBundles } from './lambda-bundles';
import { benchmarkQuotesApi } from './quotes-api';
import { benchmarkInvoiceRendering } from './invoice';
import { benchmarkCheckout } from './checkout';
import { benchmarkLargeOrders } from './large-orders';
import { benchmarkPropertySchedules } from './property-schedules';
import { benchmarkChat } from './chat';
import { benchmarkCxml } from './cxml';
import { benchmarkPunchoutSessions } from './punchout-sessions';
import { benchmarkPurchaseOrders } from './purchase-orders';
import { recordStep } from './results';
import { benchmarkWebhooks } from './webhooks';

const root = resolve(import.meta.dirname, '..');

function kb(bytes: number): string {
  return (bytes / 1024).toFixed(1);
}

/** The scripts a page downloads while `action` runs: how many, and their bytes raw and gzipped. */
async function scriptsDownloadedDuring(
  page: Page,
  action: () => Promise<unknown>,
): Promise<{ files: number; raw: number; gzip: number }> {
  const scripts = new Map<string, Promise<Buffer | undefined>>();
  const onResponse = (response: Response) => {
    if (response.request().resourceType() !== 'script' || !response.ok()) return;
    // A script still arriving when the page is closed is not part of its first load.
    scripts.set(
      response.url(),
      response.body().catch(() => undefined),
    );
  };
  page.on('response', onResponse);
  try {
    await action();
  } finally {
    page.off('response', onResponse);
  }
  const bodies = (await Promise.all(scripts.values())).filter((body): body is Buffer => body !== undefined);
  return {
    files: bodies.length,
    raw: bodies.reduce((sum, b) => sum + b.length, 0),
    gzip: bodies.reduce((sum, b) => sum + gzipSync(b).length, 0),
  };
}

async function pageJavaScript(baseUrl: string): Promise<void> {
  const browser = await launchBrowser();
  try {
    console.log('\nJavaScript per page entry (first load, gzip)');
    console.log('page'.padEnd(28), 'files', 'KB gzip'.padStart(9), 'KB raw'.padStart(9));
    for (const path of publicRoutePaths) {
      const page = await browser.newPage();
      const { files, raw, gzip } = await scriptsDownloadedDuring(page, () =>
        page.goto(baseUrl + path, { waitUntil: 'networkidle' }),
      );
      console.log(path.padEnd(28), String(files).padStart(5), kb(gzip).padStart(9), kb(raw).padStart(9));
      await page.close();
    }
    // The chat widget is in no page's first load (only its button is): what the first press downloads.
    const page = await browser.newPage();
    await gotoHydrated(page, `${baseUrl}/`);
    const widget = await scriptsDownloadedDuring(page, () =>
      page
        .getByRole('button', { name: 'Live Chat' })
        .click()
        .then(() => page.getByRole('dialog', { name: 'Live Chat' }).waitFor()),
    );
    console.log(
      'live chat widget, 1st press'.padEnd(28),
      String(widget.files).padStart(5),
      kb(widget.gzip).padStart(9),
      kb(widget.raw).padStart(9),
    );
    await page.close();
  } finally {
    await browser.close();
  }
}

async function lambdaBundles(): Promise<void> {
  console.log(
    `\nLambda bundles (esbuild as the CDK bundles them; cold init = import in a fresh Node process, median; aim ${LAMBDA_AIM.bytes / 1024} KB, ${LAMBDA_AIM.initMs} ms)`,
  );
  console.log('function'.padEnd(36), 'KB'.padStart(8), 'init ms'.padStart(9), '  heaviest (KB) when over the aim');
  const measured: Array<{ bytes: number; initMs: number }> = [];
  for await (const bundle of measureLambdaBundles()) {
    measured.push(bundle);
    const heaviest = bundle.heaviest.map(({ source, bytes }) => `${source} ${kb(bytes)}`).join(', ');
    console.log(
      bundle.name.padEnd(36),
      kb(bundle.bytes).padStart(8),
      bundle.initMs.toFixed(1).padStart(9),
      ` ${heaviest}`,
    );
  }
  const bytes = measured.map((bundle) => bundle.bytes);
  const initMs = measured.map((bundle) => bundle.initMs);
  console.log(
    `${measured.length} functions: median ${kb(median(bytes))} KB (aim ${LAMBDA_AIM.medianBytes / 1024}), largest ${kb(Math.max(...bytes))} KB, ${bytes.filter((b) => b > LAMBDA_AIM.bytes).length} over ${LAMBDA_AIM.bytes / 1024} KB;`,
    `cold init median ${median(initMs).toFixed(1)} ms (aim ${LAMBDA_AIM.initMs}), slowest ${Math.max(...initMs).toFixed(1)} ms, ${initMs.filter((ms) => ms > LAMBDA_AIM.maxInitMs).length} over ${LAMBDA_AIM.maxInitMs} ms`,
  );
}

async function pricing(baseUrl: string): Promise<void> {
  console.log('\nPricing');
  console.log('engine quotes per second'.padEnd(36), String(benchmarkPricing().quotesPerSecond).padStart(9));
  for (const windows of [1, 200]) {
    console.log(
      formatLatency(
        `POST /api/quotes, ${windows} window${windows === 1 ? '' : 's'}`,
        await benchmarkQuotesApi(baseUrl, windows),
      ),
    );
  }
}

async function cart(baseUrl: string, localToolsKey: string): Promise<void> {
  console.log('\nCart and samples');
  for (const [label, figure] of Object.entries(await benchmarkCartApi(baseUrl, localToolsKey))) {
    console.log(typeof figure === 'string' ? `${label.padEnd(44)}${figure}` : formatLatency(label, figure));
  }
}

async function invoices(): Promise<void> {
  console.log('\nOrders after payment');
  for (const [label, { latency, kilobytes }] of Object.entries(await benchmarkInvoiceRendering())) {
    console.log(`${formatLatency(label, latency)}${`${kilobytes.toFixed(1)} KB`.padStart(12)}`);
  }
}

function cxml(): void {
  console.log('\nPunch-out cXML');
  for (const [label, figure] of Object.entries(benchmarkCxml()))
    console.log(label.padEnd(44), String(figure).padStart(9));
}

async function checkout(stack: LocalStack): Promise<void> {
  console.log('\nCheckout and orders');
  for (const line of await benchmarkCheckout(stack)) console.log(line);
}

async function largeOrders(stack: LocalStack): Promise<void> {
  console.log('\nOrders at property scale');
  for (const line of await benchmarkLargeOrders(stack)) console.log(line);
}

async function propertySchedules(stack: LocalStack): Promise<void> {
  console.log('\nProperty schedules');
  for (const line of await benchmarkPropertySchedules(stack)) console.log(line);
}

async function chat(stack: LocalStack): Promise<void> {
  console.log('\nLive chat');
  for (const line of await benchmarkChat(stack)) console.log(line);
}

async function punchoutSessions(stack: LocalStack): Promise<void> {
  console.log('\nPunch-out sessions');
  for (const line of await benchmarkPunchoutSessions(stack)) console.log(line);
}

async function webhooks(): Promise<void> {
  console.log('\nOutgoing webhooks');
  for (const line of await benchmarkWebhooks()) console.log(line);
}

async function purchaseOrders(stack: LocalStack): Promise<void> {
  console.log('\nPunch-out orders');
  for (const line of await benchmarkPurchaseOrders(stack)) console.log(line);
}

async function lighthouse(baseUrl: string): Promise<void> {
  console.log(
    '\nLighthouse, mobile, simulated throttling: median of 3 runs (first-load JS: start-up and page chunks, gzip, as the budgets count it)',
  );
  for await (const line of lighthouseTable(baseUrl)) console.log(line);
}

async function inp(baseUrl: string): Promise<void> {
  console.log('\nInteraction to Next Paint (web-vitals), phone 360 x 800, 4x CPU slowdown: median of 5 fresh pages');
  for await (const line of inpTable(baseUrl)) console.log(line);
}

/** The steps by name, in the order `npm run bench` runs them; `npm run bench -- lighthouse lambda` runs only those. */
const offlineSteps: Record<string, () => unknown> = { lambda: lambdaBundles, invoices, cxml };
const stackSteps: Record<string, (stack: LocalStack) => Promise<void>> = {
  pages: (stack) => pageJavaScript(stack.url),
  lighthouse: (stack) => lighthouse(stack.url),
  inp: (stack) => inp(stack.url),
  pricing: (stack) => pricing(stack.url),
  cart: (stack) => cart(stack.url, stack.localToolsKey),
  checkout,
  'large-orders': largeOrders,
  'property-schedules': propertySchedules,
  chat,
  'punchout-sessions': punchoutSessions,
  'purchase-orders': purchaseOrders,
  webhooks: () => webhooks(),
};
const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !(name in offlineSteps) && !(name in stackSteps));
if (unknown.length > 0) {
  throw new Error(
    `Unknown bench step ${unknown.join(', ')}; the steps are ${[...Object.keys(offlineSteps), ...Object.keys(stackSteps)].join(', ')}`,
  );
}
const selected = (name: string) => requested.length === 0 || requested.includes(name);

for (const [name, step] of Object.entries(offlineSteps)) if (selected(name)) await recordStep(root, name, step);
const stackStepsToRun = Object.entries(stackSteps).filter(([name]) => selected(name));
if (stackStepsToRun.length > 0) {
  if (!existsSync(join(root, 'frontend/dist/200.html')))
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  // One stack for every figure: its handlers run in this process and read their settings from
  // process.env, so a second stack here would leave them talking to the first one's stopped services.
  const stack = await startLocalStack({ port: 0, inMemory: true, serveSpa: 'built' });
  try {
    for (const [name, step] of stackStepsToRun) await recordStep(root, name, () => step(stack));
  } finally {
    await stack.stop();
  }
}
