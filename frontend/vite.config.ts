import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { COMPONENT_RECIPES_GLOBAL } from './src/component-recipes';
import { CREATE_SYSTEM_IN_STEPS_GLOBAL } from './src/system-in-steps';

const frontendRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * Two changes to the browser build's copy of Chakra's createSystem, each failing the build if Chakra
 * changes the code it relies on:
 * - It computes the reset, token and global CSS for ChakraProvider to insert when it renders: about
 *   half of building the system, and more again to serialize it while the page hydrates, on a
 *   throttled phone (issue 15). Every page's HTML already carries that CSS (the prerender writes it
 *   into each page and into the shell), so the browser build does without it (decision 0029).
 * - It builds the whole system in one call, the largest task left in every page's start. It becomes
 *   a generator that stops before and after building the token dictionary, published where
 *   src/theme.ts takes it (src/system-in-steps.ts); createSystem itself runs the steps in one go.
 * The server build keeps Chakra as it is: it is where the HTML's CSS comes from.
 */
function chakraSystemForTheBrowser(): Plugin {
  const replacements: [string, string][] = [
    ['const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];', 'const _global = [];'],
    ['function createSystem(...configs) {', 'function* createSystemInSteps(...configs) {'],
    ['  const tokens = createTokenDictionary({', '  yield;\n  const tokens = createTokenDictionary({'],
    ['  const breakpoints = createBreakpoints(', '  yield;\n  const breakpoints = createBreakpoints('],
  ];
  const runSteps = `
function createSystem(...configs) {
  const steps = createSystemInSteps(...configs);
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}
globalThis.${CREATE_SYSTEM_IN_STEPS_GLOBAL} = createSystemInSteps;
`;
  return {
    name: 'chakra-system-for-the-browser',
    apply: 'build',
    transform(code, id, options) {
      if (options?.ssr || !id.endsWith('/@chakra-ui/react/dist/esm/styled-system/system.js')) return undefined;
      let patched = code;
      for (const [original, replacement] of replacements) {
        if (patched.split(original).length !== 2)
          throw new Error(
            `@chakra-ui/react's createSystem no longer has \`${original.trim()}\` once: see decisions 0029 and 0032`,
          );
        patched = patched.replace(original, replacement);
      }
      return patched + runSteps;
    },
  };
}

const CHAKRA_COMPONENTS = /\/@chakra-ui\/react\/dist\/esm\/components\/.+\.js$/;
const RECIPE_BY_KEY = /\b(createSlotRecipeContext|useSlotRecipe|createRecipeContext|useRecipe)\(\s*\{\s*key: "(\w+)"/g;

/**
 * Each Chakra component brings its recipe with it (decision 0030): the system is built with none,
 * and a component module that looks its recipe up by key registers that recipe, from Chakra's own
 * theme, where frontend/src/component-recipes.ts puts the system's recipes. A page's chunk then
 * carries the recipes of the components it renders, instead of every page loading all of them.
 * Applied to both builds and to the dev server's pre-bundled copy of Chakra.
 */
function recipesWithTheirComponents(): Plugin {
  const recipesDir = fileURLToPath(
    new URL('../node_modules/@chakra-ui/react/dist/esm/theme/recipes/', import.meta.url),
  );
  const transform = (code: string, id: string) => {
    if (!CHAKRA_COMPONENTS.test(id)) return undefined;
    const registrations = new Map<string, string>();
    for (const match of code.matchAll(RECIPE_BY_KEY)) {
      const [lookup, key] = [match[1]!, match[2]!];
      const kind = lookup.includes('Slot') ? 'slotRecipes' : 'recipes';
      const file = `${recipesDir}${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}.js`;
      // Chakra has components without a default recipe (download trigger, toggle…): nothing to bring.
      if (!existsSync(file)) continue;
      registrations.set(
        `${kind}.${key}`,
        `import { ${key}${kind === 'slotRecipes' ? 'SlotRecipe' : 'Recipe'} as __recipe_${registrations.size} } from ${JSON.stringify(file)};\n(globalThis.${COMPONENT_RECIPES_GLOBAL} ??= { recipes: {}, slotRecipes: {} }).${kind}.${key} = __recipe_${registrations.size};\n`,
      );
    }
    if (registrations.size === 0) return undefined;
    return { code: [...registrations.values()].join('') + code, map: null };
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
 * One config for both builds: `vite build` writes the browser bundle to frontend/dist, and
 * `vite build --ssr src/entry-server.tsx` writes the renderer that scripts/prerender.ts uses to
 * turn public routes into HTML at build time (into frontend/dist-ssr, never deployed).
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: frontendRoot,
  plugins: [react(), chakraSystemForTheBrowser(), recipesWithTheirComponents()],
  // Chakra is bundled into the renderer too, so that its components bring their recipes there as well.
  ssr: { noExternal: ['@chakra-ui/react'] },
  build: {
    outDir: isSsrBuild ? 'dist-ssr' : 'dist',
    emptyOutDir: true,
    // scripts/prerender.ts reads which chunks the start-up imports, then removes it.
    manifest: !isSsrBuild,
    // Every browser Vite's build targets preloads modules itself; the polyfill was on every first load.
    modulePreload: { polyfill: false },
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
