/**
 * The SPA's modules read the build's constant `__BUSINESS__` (frontend/src/business.ts), which Vite
 * bakes in. Node tools that import the SPA's route table for its paths (the web stack, the bench)
 * run it unbuilt: this gives them the same constant, from the settings file the build reads
 * (BUSINESS_SETTINGS_FILE, default the local example). Imported for its effect, before the table.
 */
import { businessFacts } from '#domain/business';
import { readBusinessSettings } from './business-settings';

(globalThis as { __BUSINESS__?: unknown }).__BUSINESS__ ??= businessFacts(
  readBusinessSettings(process.env.BUSINESS_SETTINGS_FILE, 'BUSINESS_SETTINGS_FILE'),
);
