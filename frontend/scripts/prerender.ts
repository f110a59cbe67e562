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

const template = await readFile(join(distDir, 'index.html'), 'utf8');

function fillTemplate(head: string, html: string): string {
  if (!template.includes('<!--app-head-->') || !template.includes('<!--app-html-->')) {
    throw new Error('frontend/index.html lost its <!--app-head--> or <!--app-html--> placeholder');
  }
  return template.replace('<!--app-head-->', head).replace('<!--app-html-->', html);
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
  await write(file, fillTemplate(head, html));
}

await write(join(distDir, '200.html'), fillTemplate(server.shellHeadTags(), ''));

console.log(`prerendered ${pages.length} pages and 200.html into ${distDir}`);
