import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const frontendRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * One config for both builds: `vite build` writes the browser bundle to frontend/dist, and
 * `vite build --ssr src/entry-server.tsx` writes the renderer that scripts/prerender.ts uses to
 * turn public routes into HTML at build time (into frontend/dist-ssr, never deployed).
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: frontendRoot,
  plugins: [react()],
  build: {
    outDir: isSsrBuild ? 'dist-ssr' : 'dist',
    emptyOutDir: true,
  },
}));
