/**
 * Build step after the client and SSR builds: writes the HTML of every public page into
 * frontend/dist (home → dist/index.html, /returns → dist/returns/index.html) with its head tags
 * and styles, and dist/200.html, the bare shell served for every other path.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const frontendDir = fileURLToPath(new URL('..', import.meta.url));
const distDir = join(frontendDir, 'dist');
const server = (await import(pathToFileURL(join(frontendDir, 'dist-ssr', 'entry-server.js')).href)) as typeof import('../src/entry-server');

/** The brand font files the first paint of a page draws with (headings 600 and 700, text 400 and 600). */
const FIRST_PAINT_FONTS = ['fraunces-latin-600-normal', 'fraunces-latin-700-normal', 'source-sans-3-latin-400-normal', 'source-sans-3-latin-600-normal'];

/**
 * The app's one stylesheet (the brand fonts' @font-face rules, imported in main.tsx) is inlined
 * into each page's head instead of costing a render-blocking request, and the font files of the
 * first paint are preloaded so the text swaps to them early (the fallback faces in index.html keep
 * that swap from moving anything).
 */
async function inlineFontStyles(builtIndex: string): Promise<{ template: string; fontTags: string }> {
  const stylesheet = /\s*<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/.exec(builtIndex);
  if (!stylesheet) throw new Error('the built index.html has no stylesheet link for the brand fonts');
  const css = await readFile(join(distDir, stylesheet[1]!), 'utf8');
  const preloads = FIRST_PAINT_FONTS.map((name) => {
    const file = new RegExp(`/assets/${name}-[\\w-]+\\.woff2`).exec(css);
    if (!file) throw new Error(`the font stylesheet has no ${name}.woff2`);
    return `<link rel="preload" href="${file[0]}" as="font" type="font/woff2" crossorigin>`;
  });
  return { template: builtIndex.replace(stylesheet[0], ''), fontTags: `${preloads.join('\n    ')}\n    <style>${css.trim()}</style>` };
}

const { template, fontTags } = await inlineFontStyles(await readFile(join(distDir, 'index.html'), 'utf8'));

function fillTemplate(head: string, html: string): string {
  if (!template.includes('<!--app-head-->') || !template.includes('<!--app-html-->')) {
    throw new Error('frontend/index.html lost its <!--app-head--> or <!--app-html--> placeholder');
  }
  return template.replace('<!--app-head-->', `${fontTags}\n    ${head}`).replace('<!--app-html-->', html);
}

/**
 * A prerendered page shows its content without script: its entry and the chunks it modulepreloads
 * are fetched at low priority, after the fonts and pictures of the first paint (on a throttled phone
 * they otherwise share the connection with them and hold the first paint back by more than a second,
 * issue 15). The shell keeps the default priority: it has nothing to show until its script runs.
 */
function scriptsAfterContent(page: string): string {
  return page
    .replace('<script type="module" crossorigin', '<script type="module" fetchpriority="low" crossorigin')
    .replaceAll('<link rel="modulepreload" crossorigin', '<link rel="modulepreload" fetchpriority="low" crossorigin');
}

async function write(path: string, content: string) {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, content);
}

const pages = server.siteRoutes.filter((route) => route.prerender);
for (const route of pages) {
  const { html, styleTags } = await server.renderPage(route.path);
  let head = `${server.headTags(route.path, route)}\n    ${styleTags}`;
  if (route.path === '/') head += `\n    ${server.jsonLdTag(server.businessStructuredData())}`;
  const file = route.path === '/' ? join(distDir, 'index.html') : join(distDir, route.path, 'index.html');
  await write(file, scriptsAfterContent(fillTemplate(head, html)));
}

await write(join(distDir, '200.html'), fillTemplate(server.shellHeadTags(), ''));

console.log(`prerendered ${pages.length} pages and 200.html into ${distDir}`);
