import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

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
      introDrop: { from: { opacity: 0, transform: 'translateY(-100%)' }, to: { opacity: 1, transform: 'none' } },
      introRise: { from: { opacity: 0, transform: 'translateY(24px)' }, to: { opacity: 1, transform: 'none' } },
    },
    tokens: {
      fonts: {
        heading: { value: "'Georgia', 'Iowan Old Style', 'Times New Roman', serif" },
        body: { value: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
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

export const system = createSystem(defaultConfig, config);
