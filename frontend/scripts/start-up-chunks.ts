/**
 * A built chunk's links as Vite's manifest (the prerender) and Rolldown's bundle (the first-load
 * measure) both give them: its file, and the chunks it imports, by their keys in the same record.
 */
export interface ChunkLinks {
  file: string;
  isEntry?: boolean;
  imports?: readonly string[];
  dynamicImports?: readonly string[];
}

/** The route tables (frontend/src), each route declared as `path: '/…'` and, before the next path, `load: () => import('./…')`. */
export const ROUTE_TABLES = ['src/route-meta.ts', 'src/pages/info/index.ts'] as const;

/** Whether a bundled module (by its id, an absolute path) is one of the route tables, which import the pages. */
export const isRouteTable = (moduleId: string) => ROUTE_TABLES.some((table) => moduleId.endsWith(`/frontend/${table}`));

/** The files of the chunks `keys` name and of the chunks they import statically, at any depth: the entry and the files in `skip` aside. */
export function withStaticImports(
  chunks: Readonly<Record<string, ChunkLinks>>,
  keys: readonly string[],
  skip: ReadonlySet<string> = new Set(),
): string[] {
  const files = new Set<string>();
  const collect = (key: string) => {
    const chunk = chunks[key];
    if (!chunk) throw new Error(`the build has no chunk ${key}`);
    if (chunk.isEntry || files.has(chunk.file) || skip.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(collect);
  };
  keys.forEach(collect);
  return [...files];
}

/**
 * The chunks the entry starts the app with, the entry aside: its static imports and the stages it
 * imports dynamically, one task after another (main.tsx, decision 0029), with theirs. Every page
 * loads them; the prerender preloads them and the first-load measure counts them.
 */
export function startUpFiles(chunks: Readonly<Record<string, ChunkLinks>>): { entry: string; startUp: string[] } {
  const entry = Object.values(chunks).find((chunk) => chunk.isEntry);
  if (!entry?.dynamicImports?.length)
    throw new Error('the built entry imports no start-up stage (frontend/src/main.tsx)');
  return { entry: entry.file, startUp: withStaticImports(chunks, [...(entry.imports ?? []), ...entry.dynamicImports]) };
}
