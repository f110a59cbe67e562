import { execFileSync } from 'node:child_process';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIRST_LOAD_CEILING_BYTES, type PageFirstLoad } from '../../frontend/scripts/first-load-js';

/**
 * What a phone downloads before a page hydrates (decision 0026): the client bundle is built afresh
 * (into a scratch directory, in its own process so React's production build is the one measured)
 * and each page's entry, start-up stages and lazy page chunk, with their static imports, are summed,
 * gzip-compressed.
 */
let pages: PageFirstLoad[];

beforeAll(() => {
  const output = execFileSync(process.execPath, ['--import', 'tsx', 'frontend/scripts/first-load-js.ts', '--json'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  pages = JSON.parse(output) as PageFirstLoad[];
});

const pageOf = (page: string) => {
  const found = pages.find((candidate) => candidate.page === page);
  if (!found) throw new Error(`${page} is not a page chunk of the build`);
  return found;
};

/** Code no page needs at first paint: a first load holding any of it has lost a lazy boundary. */
const NOT_AT_FIRST_PAINT: Array<[what: string, module: RegExp]> = [
  ['Amplify', /^node_modules\/(aws-amplify|@aws-amplify)\//],
  ['the Cognito session module', /^frontend\/src\/auth\/session\.ts$/],
  ['the admin area', /^frontend\/src\/pages\/admin\//],
  ['the chat panel', /^frontend\/src\/components\/chat\/(ChatWidget|CustomerThread|MessageList|MessageComposer)\.tsx$/],
  ['the measurement dialog', /^frontend\/src\/components\/layout\/MeasureModal\.tsx$/],
  ['the account dialogs', /^frontend\/src\/pages\/account\//],
  [
    'the toast region and its store',
    /^(frontend\/src\/components\/layout\/ToastRegion\.tsx|node_modules\/@zag-js\/toast\/dist\/toast(-group)?\.(machine|store)\.mjs)$/,
  ],
];

describe('first-load JavaScript', () => {
  it('measures the home page, every information page and the product page', () => {
    expect(pages.map((page) => page.kind)).toEqual(expect.arrayContaining(['home', 'information', 'product']));
    expect(pages.filter((page) => page.kind === 'information').length).toBeGreaterThanOrEqual(10);
  });

  it.each(['home', 'information', 'product'] as const)('keeps each %s page within its ceiling', (kind) => {
    for (const page of pages.filter((candidate) => candidate.kind === kind)) {
      expect({ page: page.page, kilobytes: Math.round(page.compressedBytes / 1024) }).toEqual({
        page: page.page,
        kilobytes: expect.toSatisfy((kilobytes: number) => kilobytes * 1024 <= FIRST_LOAD_CEILING_BYTES[kind]),
      });
    }
  });

  it.each([
    'src/pages/home/HomePage.tsx',
    'src/pages/products/ProductPage.tsx',
    'src/pages/cart/CartPage.tsx',
    'src/pages/account-creation/AccountCreationPage.tsx',
  ])('leaves what first paint does not need out of %s', (page) => {
    const { modules } = pageOf(page);
    for (const [what, module] of NOT_AT_FIRST_PAINT) {
      expect({ what, modules: modules.filter((id) => module.test(id)) }).toEqual({ what, modules: [] });
    }
  });

  it('loads no zod on the home, product or any information page: validation comes with the forms and dialogs that need it', () => {
    const pagesWithZod = pages
      .filter((page) => page.kind !== 'other' && page.modules.some((id) => id.startsWith('node_modules/zod/')))
      .map((page) => page.page);
    expect(pagesWithZod).toEqual([]);
  });

  it.each(['frontend/src/api/runtime-config.ts', 'frontend/src/analytics/page-views.ts'])(
    'needs no zod in %s, which pages load while they hydrate (decision 0031)',
    async (module) => {
      // Bundled whole, dynamic imports included.
      const { metafile } = await build({
        entryPoints: [module],
        bundle: true,
        write: false,
        metafile: true,
        format: 'esm',
        logLevel: 'silent',
      });
      expect(Object.keys(metafile.inputs).filter((input) => input.includes('node_modules/zod/'))).toEqual([]);
    },
  );

  it('brings the recipe of a Chakra component with the component (decision 0030): the home page loads no recipe of a form, dialog, table or toast', () => {
    const recipe = /^node_modules\/@chakra-ui\/react\/dist\/esm\/theme\/recipes\/(.+)\.js$/;
    const recipes = pageOf('src/pages/home/HomePage.tsx').modules.flatMap((id) => recipe.exec(id)?.[1] ?? []);
    expect(recipes).toEqual(expect.arrayContaining(['button', 'link', 'heading']));
    for (const unused of ['field', 'input', 'native-select', 'checkbox', 'dialog', 'drawer', 'table', 'tabs', 'toast'])
      expect(recipes).not.toContain(unused);
  });

  it('loads no dialog on the product page: each comes, with zag’s dialog machine and focus trap, at its first opening', () => {
    const dialogCode =
      /^(frontend\/src\/components\/dialog\/|node_modules\/@zag-js\/(dialog\/dist\/dialog\.machine|focus-trap\/))/;
    expect(pageOf('src/pages/products/ProductPage.tsx').modules.filter((id) => dialogCode.test(id))).toEqual([]);
  });
});
