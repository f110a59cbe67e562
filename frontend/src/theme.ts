import { createSystem, defaultBaseConfig, defineConfig, type SystemContext } from '@chakra-ui/react';
import {
  animationStyles,
  breakpoints,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  keyframes,
  layerStyles,
  semanticTokens,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';
import { componentRecipes } from './component-recipes';
import { CREATE_SYSTEM_IN_STEPS_GLOBAL, type CreateSystemInSteps } from './system-in-steps';

/**
 * A calm, trustworthy palette: deep lake teal for actions and links, warm oak for accents
 * (the material the shop sells), soft linen backgrounds. brand.600 on white is 8.3:1 and
 * white on brand.700 is 10:1, so text and buttons pass WCAG AA with room to spare.
 */
const config = defineConfig({
  globalCss: {
    html: { scrollPaddingTop: '80px' },
    body: { bg: 'white', color: 'gray.800' },
    // The home intro (index.html decides, before first paint, whether it plays this session).
    '[data-intro] .site-header': { animation: 'introDrop 0.6s ease-out both' },
    '[data-intro] .hero-text': { animation: 'introRise 0.8s ease-out 300ms both' },
    'a:focus-visible, button:focus-visible, [tabindex]:focus-visible': {
      outline: '3px solid',
      outlineColor: 'oak.400',
      outlineOffset: '2px',
    },
  },
  theme: {
    keyframes: {
      // Movement only: the prerendered header and hero are visible from the first paint on.
      introDrop: { from: { transform: 'translateY(-12px)' }, to: { transform: 'none' } },
      introRise: { from: { transform: 'translateY(24px)' }, to: { transform: 'none' } },
    },
    tokens: {
      fonts: {
        // Brand type (self-hosted, see main.tsx), then its metric-matched fallback (index.html).
        heading: { value: "'Fraunces', 'Fraunces Fallback', Georgia, serif" },
        body: { value: "'Source Sans 3', 'Source Sans 3 Fallback', Arial, sans-serif" },
      },
      colors: {
        brand: {
          50: { value: '#eef6f7' },
          100: { value: '#d5e9ec' },
          200: { value: '#aed3da' },
          300: { value: '#7fb6c1' },
          400: { value: '#4f94a3' },
          500: { value: '#337887' },
          600: { value: '#25606f' },
          700: { value: '#1d4e5f' },
          800: { value: '#173e4c' },
          900: { value: '#10303b' },
          950: { value: '#0a1f27' },
        },
        oak: {
          50: { value: '#fbf6ef' },
          100: { value: '#f4e8d6' },
          200: { value: '#e8cfa9' },
          300: { value: '#d9b07a' },
          400: { value: '#c98f4f' },
          500: { value: '#b07539' },
          600: { value: '#8f5c2c' },
          700: { value: '#704726' },
          800: { value: '#553620' },
          900: { value: '#3b2616' },
          950: { value: '#24170d' },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.700}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
        oak: {
          solid: { value: '{colors.oak.700}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.oak.800}' },
          muted: { value: '{colors.oak.100}' },
          subtle: { value: '{colors.oak.50}' },
          emphasized: { value: '{colors.oak.200}' },
          focusRing: { value: '{colors.oak.500}' },
        },
        linen: { value: '#f8f5f0' },
      },
    },
  },
});

/** Palettes no page uses (their variables would be in every page's CSS). */
const UNUSED_PALETTES: readonly string[] = ['cyan', 'pink', 'purple'];

function withoutUnusedPalettes<T extends object>(colors: T): T {
  return Object.fromEntries(Object.entries(colors).filter(([palette]) => !UNUSED_PALETTES.includes(palette))) as T;
}

/**
 * The shop has no dark mode: each semantic token keeps its light value only, so the page's CSS does
 * not carry a second set of variables for `.dark`.
 */
function lightOnly<T>(tokenTree: T): T {
  if (typeof tokenTree !== 'object' || tokenTree === null) return tokenTree;
  const value = (tokenTree as { value?: unknown }).value;
  if (typeof value === 'object' && value !== null && '_light' in value) return { ...tokenTree, value: value._light };
  return Object.fromEntries(Object.entries(tokenTree).map(([key, child]) => [key, lightOnly(child)])) as T;
}

/**
 * Chakra's base (conditions, utilities) with its default tokens (less the unused palettes and the
 * dark values), and no recipes: each Chakra component brings its own as its module loads
 * (component-recipes.ts, decision 0030), so a page loads the recipes of the components it renders.
 */
const shopThemeConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: withoutUnusedPalettes(tokens.colors) },
    semanticTokens: { ...lightOnly(semanticTokens), colors: withoutUnusedPalettes(lightOnly(semanticTokens.colors)) },
    textStyles,
    layerStyles,
    animationStyles,
  },
});

let system: SystemContext | undefined;

function withComponentRecipes(built: SystemContext): SystemContext {
  // The system looks recipes up in its config's theme whenever a component first asks for one.
  Object.assign(built._config.theme!, componentRecipes());
  return built;
}

/** The shop's Chakra system, built at its first use unless the browser's start-up has built it in steps. */
export function shopSystem(): SystemContext {
  system ??= withComponentRecipes(createSystem(defaultBaseConfig, shopThemeConfig, config));
  return system;
}

/**
 * Builds the shop's system in the browser's start-up (main.tsx), a step per task: in one task the
 * build took 20-30 ms on this machine, 80-120 ms on Lighthouse's throttled phone, the largest task
 * left in every page's start (issue 15). The browser build's copy of Chakra's createSystem stops
 * before and after building the token dictionary, its largest part (frontend/vite.config.ts); the dev
 * server's and the renderer's build it in one go.
 */
export async function buildShopSystemInSteps(betweenSteps: () => Promise<void>): Promise<void> {
  const inSteps = (globalThis as { [CREATE_SYSTEM_IN_STEPS_GLOBAL]?: CreateSystemInSteps })[
    CREATE_SYSTEM_IN_STEPS_GLOBAL
  ];
  if (system || !inSteps) return void shopSystem();
  const steps = inSteps(defaultBaseConfig, shopThemeConfig, config);
  let step = steps.next();
  while (!step.done) {
    await betweenSteps();
    step = steps.next();
  }
  system ??= withComponentRecipes(step.value);
}
