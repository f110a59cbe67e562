import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

/**
 * One config for both builds: `vite build` writes the browser bundle to frontend/dist, and
 * `vite build --ssr src/entry-server.tsx` writes the renderer that scripts/prerender.ts uses to
 * turn public routes into HTML at build time (into frontend/dist-ssr, never deployed).
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: frontendRoot,
  plugins: [react(), globalCssFromHtml()],
  build: {
    outDir: isSsrBuild ? 'dist-ssr' : 'dist',
    emptyOutDir: true,
    // scripts/prerender.ts reads which chunks the start-up imports, then removes it.
    manifest: !isSsrBuild,
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
