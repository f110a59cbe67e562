/**
 * The JavaScript each page downloads before it can hydrate, compressed: the entry, the stages of
 * the start-up it imports (main.tsx) with their static imports, the page's lazy chunk and that
 * chunk's static imports (Vite's preload helper fetches them with it). A page's own dynamic imports
 * (dialogs, deferred sections: decision 0030) come later and are not counted. Builds the client bundle into a scratch
 * directory (frontend/dist is left alone) and prints one line per page, or JSON with `--json`.
 *
 *   npx tsx frontend/scripts/first-load-js.ts [--json]
 *
 * Decision 0026 sets the budgets; tests/infra/first-load-javascript.test.ts holds the build to them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { isRouteTable, startUpFiles, withStaticImports, type ChunkLinks } from './start-up-chunks';

/** Issue 15's budgets: compressed (gzip, level 9 as Vite reports it) bytes a page may load before it hydrates. */
export const FIRST_LOAD_BUDGET_BYTES = {
  home: 150 * 1024,
  information: 150 * 1024,
  product: 190 * 1024,
} as const;

/**
 * What the build is held to (decisions 0026, 0030): the budgets, or the figure measured when a page
 * kind got under its budget, rounded up, so no change makes a first load heavier unnoticed. Lower
 * them as the first loads shrink. The product page's went from 186 to 189 KB, inside its budget, for
 * the price match's terms and request button, the volume table's read and the buyer's own price
 * list, and the buyer's own "from $X" (issue 27: 189.0 KB). It went to 190 KB with no module added:
 * the property window dialog shares the price grids and the buyer's price list, so the build split
 * them into two chunks of their own (189.9 KB). The measure check's swap question (issue 29) took it
 * to 190.5 KB, and the sample cart's client, now loaded by the first "Order Free Sample" press, back
 * to 189.4 KB.
 */
export const FIRST_LOAD_CEILING_BYTES: typeof FIRST_LOAD_BUDGET_BYTES = {
  home: 150 * 1024,
  information: 150 * 1024,
  product: 190 * 1024,
};

export type PageKind = keyof typeof FIRST_LOAD_BUDGET_BYTES | 'other';

export interface PageFirstLoad {
  /** The page's module, relative to frontend/ (`src/pages/home/HomePage.tsx`). */
  page: string;
  kind: PageKind;
  files: string[];
  /** Every source module in those files, relative to the repository or from node_modules. */
  modules: string[];
  compressedBytes: number;
}

interface BuiltChunk extends ChunkLinks {
  imports: string[];
  dynamicImports: string[];
  moduleIds: string[];
  facadeModuleId: string | null;
  isEntry: boolean;
  compressedBytes: number;
}

const frontendDir = fileURLToPath(new URL('..', import.meta.url));

const repositoryDir = join(frontendDir, '..');

/** The pages whose first load the issue budgets, plus the two others Lighthouse measures. */
function pageKind(page: string): PageKind | undefined {
  if (page === 'src/pages/home/HomePage.tsx') return 'home';
  if (page === 'src/pages/products/ProductPage.tsx') return 'product';
  if (page.startsWith('src/pages/info/')) return 'information';
  if (page === 'src/pages/cart/CartPage.tsx' || page === 'src/pages/account-creation/AccountCreationPage.tsx')
    return 'other';
  return undefined;
}

function readableModuleId(id: string): string {
  const inPackages = id.lastIndexOf('/node_modules/');
  if (inPackages >= 0) return id.slice(inPackages + 1);
  return id.startsWith(repositoryDir) ? id.slice(repositoryDir.length + 1) : id;
}

async function buildChunks(): Promise<BuiltChunk[]> {
  // The production builds of React and the rest; the caller may be a test runner with NODE_ENV=test.
  process.env.NODE_ENV = 'production';
  const { build } = await import('vite');
  const outDir = await mkdtemp(join(tmpdir(), 'first-load-js-'));
  const chunks: BuiltChunk[] = [];
  try {
    await build({
      configFile: join(frontendDir, 'vite.config.ts'),
      logLevel: 'error',
      build: { outDir, emptyOutDir: true },
      plugins: [
        {
          name: 'first-load-js',
          generateBundle(_options, bundle) {
            for (const output of Object.values(bundle)) {
              if (output.type !== 'chunk') continue;
              chunks.push({
                file: output.fileName,
                imports: output.imports,
                dynamicImports: output.dynamicImports,
                moduleIds: output.moduleIds,
                facadeModuleId: output.facadeModuleId,
                isEntry: output.isEntry,
                compressedBytes: gzipSync(output.code, { level: 9 }).length,
              });
            }
          },
        },
      ],
    });
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
  return chunks;
}

export async function measureFirstLoads(): Promise<PageFirstLoad[]> {
  const chunks = await buildChunks();
  const byFile = Object.fromEntries(chunks.map((chunk) => [chunk.file, chunk]));
  // The entry and the stages it starts the app with (main.tsx): every page loads them.
  const { entry, startUp } = startUpFiles(byFile);
  const pageFiles = new Set(
    chunks.filter((chunk) => chunk.moduleIds.some(isRouteTable)).flatMap((chunk) => chunk.dynamicImports),
  );
  const pages: PageFirstLoad[] = [];
  for (const chunk of chunks) {
    if (!pageFiles.has(chunk.file)) continue;
    const page = chunk.facadeModuleId ? readableModuleId(chunk.facadeModuleId).replace(/^frontend\//, '') : '';
    const kind = pageKind(page);
    if (chunk.isEntry || !kind) continue;
    const files = new Set([entry, ...startUp, ...withStaticImports(byFile, [chunk.file])]);
    const loaded = [...files].map((file) => byFile[file]!);
    pages.push({
      page,
      kind,
      files: [...files],
      modules: loaded.flatMap((file) => file.moduleIds.map(readableModuleId)),
      compressedBytes: loaded.reduce((sum, file) => sum + file.compressedBytes, 0),
    });
  }
  return pages.sort((a, b) => a.page.localeCompare(b.page));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const pages = await measureFirstLoads();
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(pages));
  } else {
    for (const { page, kind, files, compressedBytes } of pages) {
      const budget = kind === 'other' ? '' : ` (budget ${FIRST_LOAD_BUDGET_BYTES[kind] / 1024} KB)`;
      console.log(
        `${(compressedBytes / 1024).toFixed(1).padStart(6)} KB in ${String(files.length).padStart(2)} files  ${page}${budget}`,
      );
    }
  }
}
