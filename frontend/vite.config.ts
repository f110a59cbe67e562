import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { businessFacts, parseBusinessSettings } from '#domain/business';
import { isRouteTable } from './scripts/start-up-chunks';
import { COMPONENT_RECIPES_GLOBAL } from './src/component-recipes';
import { CREATE_SYSTEM_IN_STEPS_GLOBAL } from './src/system-in-steps';

const frontendRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * The build's constant `__BUSINESS__` (src/business.ts): the business's facts from the settings file
 * BUSINESS_SETTINGS_FILE names (default config/business.local.json, the local example; README:
 * Configuration), baked into the bundle and the prerendered pages alike, so hydration finds the
 * text the HTML has. A deploy names the same file in the CDK context `business`.
 */
export function businessDefine(): { __BUSINESS__: string } {
  const file = resolve(frontendRoot, '..', process.env.BUSINESS_SETTINGS_FILE || 'config/business.local.json');
  const settings = parseBusinessSettings(JSON.parse(readFileSync(file, 'utf8')), `BUSINESS_SETTINGS_FILE (${file})`);
  return { __BUSINESS__: JSON.stringify(businessFacts(settings)) };
}

const CHAKRA_SYSTEM_MODULE = '/@chakra-ui/react/dist/esm/styled-system/system.js';

/**
 * Replaces each anchor of Chakra's published code with its replacement, failing (the build, and the
 * unit test that runs this on the installed Chakra) when an anchor is not there exactly once.
 */
function replaceAnchors(code: string, replacements: [anchor: string, replacement: string][], decision: string): string {
  let patched = code;
  for (const [anchor, replacement] of replacements) {
    if (patched.split(anchor).length !== 2)
      throw new Error(
        `@chakra-ui/react's createSystem no longer has \`${anchor.trim()}\` once: see decision ${decision}`,
      );
    patched = patched.replace(anchor, replacement);
  }
  return patched;
}

/**
 * The browser build's createSystem computes no reset, token or global CSS for ChakraProvider to
 * insert: every page's HTML already carries it (the prerender writes it into each page and into the
 * shell), and computing it then serializing it while the page hydrates was about half of building
 * the system on a throttled phone (decision 0029). The server build keeps it: the HTML's CSS comes
 * from there.
 */
export function withoutGlobalCss(code: string): string {
  return replaceAnchors(
    code,
    [['const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];', 'const _global = [];']],
    '0029',
  );
}

/**
 * The browser build's createSystem becomes a generator that stops before and after building the
 * token dictionary, published where src/theme.ts takes it (src/system-in-steps.ts), so that the
 * largest task of a page's start-up is three (decision 0032); createSystem runs the steps in one go.
 */
export function systemInSteps(code: string): string {
  const patched = replaceAnchors(
    code,
    [
      ['function createSystem(...configs) {', 'function* createSystemInSteps(...configs) {'],
      ['  const tokens = createTokenDictionary({', '  yield;\n  const tokens = createTokenDictionary({'],
      ['  const breakpoints = createBreakpoints(', '  yield;\n  const breakpoints = createBreakpoints('],
    ],
    '0032',
  );
  return `${patched}
function createSystem(...configs) {
  const steps = createSystemInSteps(...configs);
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}
globalThis.${CREATE_SYSTEM_IN_STEPS_GLOBAL} = createSystemInSteps;
`;
}

/** A transform of the browser build's copy of Chakra's styled-system/system.js. */
function chakraSystemForTheBrowser(name: string, patch: (code: string) => string): Plugin {
  return {
    name,
    apply: 'build',
    transform(code, id, options) {
      if (options?.ssr || !id.endsWith(CHAKRA_SYSTEM_MODULE)) return undefined;
      return patch(code);
    },
  };
}

const CHAKRA_COMPONENTS = /\/@chakra-ui\/react\/dist\/esm\/components\/.+\.js$/;
const RECIPE_BY_KEY = /\b(createSlotRecipeContext|useSlotRecipe|createRecipeContext|useRecipe)\(\s*\{\s*key: "(\w+)"/g;
const RECIPES_DIR = fileURLToPath(new URL('../node_modules/@chakra-ui/react/dist/esm/theme/recipes/', import.meta.url));

/** A recipe of Chakra's theme that a component module looks up by key, and the module that defines it. */
export interface ComponentRecipe {
  kind: 'recipes' | 'slotRecipes';
  key: string;
  file: string;
}

/** The recipes a Chakra component module looks up by key (`createSlotRecipeContext({ key: "dialog" })`…). */
export function recipesLookedUpIn(code: string): ComponentRecipe[] {
  const found = new Map<string, ComponentRecipe>();
  for (const match of code.matchAll(RECIPE_BY_KEY)) {
    const [lookup, key] = [match[1]!, match[2]!];
    const kind = lookup.includes('Slot') ? 'slotRecipes' : 'recipes';
    const file = `${RECIPES_DIR}${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}.js`;
    // Chakra has components without a default recipe (download trigger, toggle…): nothing to bring.
    if (existsSync(file)) found.set(`${kind}.${key}`, { kind, key, file });
  }
  return [...found.values()];
}

/** Code that imports each recipe from Chakra's theme and registers it where src/component-recipes.ts reads it. */
export function recipeRegistrations(recipes: ComponentRecipe[]): string {
  return recipes
    .map(
      ({ kind, key, file }, index) =>
        `import { ${key}${kind === 'slotRecipes' ? 'SlotRecipe' : 'Recipe'} as __recipe_${index} } from ${JSON.stringify(file)};\n(globalThis.${COMPONENT_RECIPES_GLOBAL} ??= { recipes: {}, slotRecipes: {} }).${kind}.${key} = __recipe_${index};\n`,
    )
    .join('');
}

/**
 * Each Chakra component brings its recipe with it (decision 0030): the system is built with none,
 * and a component module that looks its recipe up by key registers that recipe, from Chakra's own
 * theme, where frontend/src/component-recipes.ts puts the system's recipes. A page's chunk then
 * carries the recipes of the components it renders, instead of every page loading all of them.
 * Applied to both builds and to the dev server's pre-bundled copy of Chakra.
 */
export function recipesWithTheirComponents(): Plugin {
  const transform = (code: string, id: string) => {
    if (!CHAKRA_COMPONENTS.test(id)) return undefined;
    const recipes = recipesLookedUpIn(code);
    if (recipes.length === 0) return undefined;
    return { code: recipeRegistrations(recipes) + code, map: null };
  };
  return {
    name: 'chakra-recipes-with-their-components',
    transform,
    // The dev server pre-bundles Chakra with rolldown, outside Vite's plugin pipeline.
    config: () => ({
      optimizeDeps: { rolldownOptions: { plugins: [{ name: 'chakra-recipes-with-their-components', transform }] } },
    }),
  };
}

/**
 * Vite has a dynamic import preload what its chunk imports by appending a `<link rel="modulepreload">`
 * for each, about 6 ms of a phone's main thread a link (measured at 4x slowdown): 80 to 137 ms for a
 * dialog's code preloaded when the page is idle, in the way of the first taps (issue 31). Only a
 * page's chunk, imported by the route tables, keeps them, as a navigation waits for it; code loaded
 * on demand (dialogs, the chat, deferred sections) lets the browser follow its imports.
 */
function preloadsForPagesOnly() {
  let routeTableChunks = new Set<string>();
  const plugin: Plugin = {
    name: 'preloads-for-pages-only',
    // The renderer's build (--ssr) preloads nothing.
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    // Before Vite lists each dynamic import's preloads, in its own generateBundle.
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        routeTableChunks = new Set(
          Object.values(bundle).flatMap((output) =>
            output.type === 'chunk' && output.moduleIds.some(isRouteTable) ? [output.fileName] : [],
          ),
        );
      },
    },
  };
  const resolveDependencies = (
    _file: string,
    deps: string[],
    { hostId, hostType }: { hostId: string; hostType: 'html' | 'js' },
  ) => (hostType === 'js' && !routeTableChunks.has(hostId) ? [] : deps);
  return { plugin, resolveDependencies };
}

const pagePreloads = preloadsForPagesOnly();

/**
 * One config for both builds: `vite build` writes the browser bundle to frontend/dist, and
 * `vite build --ssr src/entry-server.tsx` writes the renderer that scripts/prerender.ts uses to
 * turn public routes into HTML at build time (into frontend/dist-ssr, never deployed).
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: frontendRoot,
  define: businessDefine(),
  plugins: [
    react(),
    chakraSystemForTheBrowser('chakra-global-css-from-the-html', withoutGlobalCss),
    chakraSystemForTheBrowser('chakra-system-in-steps', systemInSteps),
    recipesWithTheirComponents(),
    pagePreloads.plugin,
  ],
  // Chakra is bundled into the renderer too, so that its components bring their recipes there as well.
  ssr: { noExternal: ['@chakra-ui/react'] },
  build: {
    outDir: isSsrBuild ? 'dist-ssr' : 'dist',
    emptyOutDir: true,
    // scripts/prerender.ts reads which chunks the start-up imports, then removes it.
    manifest: !isSsrBuild,
    // Every browser Vite's build targets preloads modules itself; the polyfill was on every first load.
    modulePreload: { polyfill: false, resolveDependencies: pagePreloads.resolveDependencies },
    rolldownOptions: {
      // Chakra's theme builds every default recipe through identity helpers the bundler cannot
      // see are pure; named here, the recipes the shop does not use drop out (decision 0029).
      treeshake: {
        manualPureFunctions: [
          'defineConfig',
          'defineRecipe',
          'defineSlotRecipe',
          'defineTokens',
          'defineSemanticTokens',
          'defineKeyframes',
          'defineGlobalStyles',
          'defineTextStyles',
          'defineLayerStyles',
          'defineAnimationStyles',
          'defineStyle',
          'createAnatomy',
        ],
      },
    },
  },
}));
