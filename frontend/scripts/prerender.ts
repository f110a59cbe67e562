/**
 * Build step after the client and SSR builds: writes the HTML of every public page into
 * frontend/dist (home → dist/index.html, /returns → dist/returns/index.html) with its head tags
 * and styles, and dist/200.html, the bare shell served for every other path.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ROUTE_TABLES, startUpFiles, withStaticImports, type ChunkLinks } from './start-up-chunks';

const frontendDir = fileURLToPath(new URL('..', import.meta.url));
const distDir = join(frontendDir, 'dist');
const server = (await import(
  pathToFileURL(join(frontendDir, 'dist-ssr', 'entry-server.js')).href
)) as typeof import('../src/entry-server');

/** The brand font files the first paint of a page draws with (headings 600 and 700, text 400 and 600). */
const FIRST_PAINT_FONTS = [
  'fraunces-latin-600-normal',
  'fraunces-latin-700-normal',
  'source-sans-3-latin-400-normal',
  'source-sans-3-latin-600-normal',
];

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
  // Vite's preload helper adds a chunk's stylesheet to the page unless a link to it is there, and this
  // one is every chunk's: the first import of a page fetched it and added its font faces a second time
  // (decision 0088). A disabled link is never fetched, and tells the helper it is there.
  return {
    template: builtIndex.replace(stylesheet[0], ''),
    fontTags: `${preloads.join('\n    ')}\n    <style>${css.trim()}</style>\n    <link rel="stylesheet" href="${stylesheet[1]}" disabled>`,
  };
}

const { template, fontTags } = await inlineFontStyles(await readFile(join(distDir, 'index.html'), 'utf8'));

function fillTemplate(head: string, html: string): string {
  if (!template.includes('<!--app-head-->') || !template.includes('<!--app-html-->')) {
    throw new Error('frontend/index.html lost its <!--app-head--> or <!--app-html--> placeholder');
  }
  return template.replace('<!--app-head-->', `${fontTags}\n    ${head}`).replace('<!--app-html-->', html);
}

/**
 * The one inline script a prerendered page starts its JavaScript with: once the page has loaded (its
 * fonts and pictures) and shown its first contentful paint, it modulepreloads the start-up's chunks
 * and the page's own, then imports the entry in a task of its own. The links go in three to a task:
 * each starts a request, about 3 ms of main thread on a traced page, so eight to a task still made
 * long tasks on a throttled phone and the thirty-odd in one task a very long one (issue 15). The
 * tasks are posted through a message channel because timers nested this deep wait 4 ms each. A
 * hidden tab paints nothing, so it starts at once; a browser that reports no paints starts a second
 * after the load. The same text on every page, so the content security policy holds one hash for it;
 * the page's own files are in the tag's data attributes.
 */
const START_AFTER_FIRST_PAINT =
  "(function(tag){var started=false;function start(){if(started)return;started=true;var modules=tag.dataset.modules.split(' ').filter(Boolean);var next=new MessageChannel();next.port1.onmessage=function(){if(!modules.length)return import(tag.dataset.entry);modules.splice(0,3).forEach(function(href){var link=document.createElement('link');link.rel='modulepreload';link.crossOrigin='';link.href=href;document.head.appendChild(link)});next.port2.postMessage(0)};next.port2.postMessage(0)}function afterFirstPaint(){if(document.hidden)return start();try{new PerformanceObserver(function(list){if(list.getEntriesByName('first-contentful-paint').length)start()}).observe({type:'paint',buffered:true})}catch(e){}setTimeout(start,1000)}document.readyState==='complete'?afterFirstPaint():addEventListener('load',afterFirstPaint,{once:true})})(document.currentScript)";

const manifestDir = join(distDir, '.vite');
// Vite's manifest is read here and removed: it is not part of the site.
const manifest = JSON.parse(await readFile(join(manifestDir, 'manifest.json'), 'utf8')) as Record<string, ChunkLinks>;
await rm(manifestDir, { recursive: true });

const asPath = (file: string) => `/${file}`;
const startUpChunks = new Set(startUpFiles(manifest).startUp);
// Vite's HTML names only the start-up's static chunks; preloading the stages' too fetches and
// compiles them in parallel while evaluation stays staged.
const startUp = [...startUpChunks].map(asPath);

/**
 * Each route's page chunk with what it imports beyond the start-up, as the route tables declare it.
 * The starter preloads them with the start-up's: left to the route's lazy import while the page
 * hydrates, Vite's preload helper appended their thirty-odd links to the head in one task inside
 * React's render (issue 15).
 */
async function pageModulesByPath(): Promise<Map<string, string[]>> {
  const byPath = new Map<string, string[]>();
  for (const table of ROUTE_TABLES) {
    const source = await readFile(join(frontendDir, table), 'utf8');
    for (const [, path, specifier] of source.matchAll(/path: '([^']+)'(?:(?!path: )[\s\S])*?import\('([^']+)'\)/g)) {
      const module = posix.join(posix.dirname(table), specifier!);
      const key = [`${module}.tsx`, `${module}.ts`].find((candidate) => manifest[candidate]);
      if (!key) throw new Error(`${table}: the page module of ${path} (${specifier}) is not in Vite's manifest`);
      byPath.set(path!, withStaticImports(manifest, [key], startUpChunks).map(asPath));
    }
  }
  return byPath;
}

const pageModules = await pageModulesByPath();

/**
 * The page without Vite's modulepreload links (startUp lists those chunks and the stages'), and
 * Vite's module script tag for the entry, with the entry's address.
 */
function viteEntry(page: string): { page: string; entryTag: RegExpExecArray } {
  const entryTag = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(page);
  if (!entryTag) throw new Error('the built index.html has no module script for the entry');
  return { page: page.replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, ''), entryTag };
}

/**
 * A prerendered page shows its content without script, so its script starts after the page has
 * loaded and painted: on a throttled phone the entry and its chunks otherwise share the connection
 * with the fonts and pictures of the first paint and hold it back, and a largest paint measured
 * while they are in flight counts them (issue 15).
 */
function scriptsAfterLoad(built: string, path: string): string {
  const { page, entryTag } = viteEntry(built);
  const ownModules = pageModules.get(path);
  if (!ownModules) throw new Error(`${path} is prerendered but no route table declares its page module`);
  return page.replace(
    entryTag[0],
    `<script data-entry="${entryTag[1]}" data-modules="${[...startUp, ...ownModules].join(' ')}">${START_AFTER_FIRST_PAINT}</script>`,
  );
}

/** The shell shows nothing until its script runs, so it starts it at once, with the start-up's chunks beside it. */
function scriptsAtOnce(built: string): string {
  const { page, entryTag } = viteEntry(built);
  const links = startUp.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`);
  return page.replace(entryTag[0], [entryTag[0], ...links].join('\n    '));
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
  await write(file, scriptsAfterLoad(fillTemplate(head, html), route.path));
}

await write(
  join(distDir, '200.html'),
  scriptsAtOnce(fillTemplate(`${server.shellHeadTags()}\n    ${await server.globalStyleTags()}`, '')),
);

console.log(`prerendered ${pages.length} pages and 200.html into ${distDir}`);
