import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { COMPONENT_RECIPES_GLOBAL } from './src/component-recipes';

const frontendRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * Chakra's createSystem computes the reset, token and global CSS for ChakraProvider to insert when it
 * renders: about half of building the system, and more again to serialize it while the page
 * hydrates, on a throttled phone (issue 15). Every page's HTML already carries that CSS (the prerender
 * writes it into each page and into the shell), so the browser build does without it (decision 0029).
 * The server build keeps it: it is where the HTML's copy comes from.
 */
function globalCssFromHtml(): Plugin {
  const computed = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
  return {
    name: 'chakra-global-css-from-html',
    apply: 'build',
    transform(code, id, options) {
      if (options?.ssr || !id.endsWith('/@chakra-ui/react/dist/esm/styled-system/system.js')) return undefined;
      if (!code.includes(computed)) throw new Error(`@chakra-ui/react's createSystem no longer has \`${computed}\`: see decision 0029`);
      return code.replace(computed, 'const _global = [];');
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
  const recipesDir = fileURLToPath(new URL('../node_modules/@chakra-ui/react/dist/esm/theme/recipes/', import.meta.url));
  const transform = (code: string, id: string) => {
    if (!CHAKRA_COMPONENTS.test(id)) return undefined;
    const registrations = new Map<string, string>();
    for (const match of code.matchAll(RECIPE_BY_KEY)) {
      const [lookup, key] = [match[1]!, match[2]!];
      const kind = lookup.includes('Slot') ? 'slotRecipes' : 'recipes';
      const file = `${recipesDir}${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}.js`;
      // Chakra has components without a default recipe (download trigger, toggle…): nothing to bring.
      if (!existsSync(file)) continue;
      registrations.set(`${kind}.${key}`, `import { ${key}${kind === 'slotRecipes' ? 'SlotRecipe' : 'Recipe'} as __recipe_${registrations.size} } from ${JSON.stringify(file)};\n(globalThis.${COMPONENT_RECIPES_GLOBAL} ??= { recipes: {}, slotRecipes: {} }).${kind}.${key} = __recipe_${registrations.size};\n`);
    }
    if (registrations.size === 0) return undefined;
    return { code: [...registrations.values()].join('') + code, map: null };
  };
  return {
    name: 'chakra-recipes-with-their-components',
    transform,
    // The dev server pre-bundles Chakra with rolldown, outside Vite's plugin pipeline.
    config: () => ({ optimizeDeps: { rolldownOptions: { plugins: [{ name: 'chakra-recipes-with-their-components', transform }] } } }),
  };
}

/**
 * One config for both builds: `vite build` writes the browser bundle to frontend/dist, and
 * `vite build --ssr src/entry-server.tsx` writes the renderer that scripts/prerender.ts uses to
 * turn public routes into HTML at build time (into frontend/dist-ssr, never deployed).
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: frontendRoot,
  plugins: [react(), globalCssFromHtml(), recipesWithTheirComponents()],
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
