import * as z from 'zod';
import { PLAUSIBLE_API_HOST } from './analytics-hosts';

/**
 * The analytics provider page views go to, if any. GA4 loads Google's tag (gtag.js); Plausible
 * needs no script: the SPA posts each page view to the provider's Events API itself.
 */
export const analyticsConfigSchema = z.discriminatedUnion('provider', [
  z.object({
    provider: z.literal('ga4'),
    measurementId: z.string().regex(/^G-[A-Z0-9]{4,20}$/, 'Expected a GA4 measurement id such as G-XXXXXXXXXX'),
  }),
  z.object({
    provider: z.literal('plausible'),
    /** The site's domain as registered in Plausible. */
    domain: z.hostname(),
    /** Origin of the Plausible server (self-hosted or a proxy); default Plausible's own. */
    apiHost: z
      .url({ protocol: /^https?$/ })
      .transform((url) => new URL(url).origin)
      .optional(),
  }),
]);

export type AnalyticsConfig = z.infer<typeof analyticsConfigSchema>;

/** The hosts a provider's tag loads from and reports to, which the Content-Security-Policy must allow when it is configured. */
export function analyticsSources(analytics: AnalyticsConfig | undefined): {
  scriptSources: string[];
  connectSources: string[];
  imageSources: string[];
} {
  if (!analytics) return { scriptSources: [], connectSources: [], imageSources: [] };
  if (analytics.provider === 'plausible')
    return { scriptSources: [], connectSources: [analytics.apiHost ?? PLAUSIBLE_API_HOST], imageSources: [] };
  // Google's published CSP for GA4 (without Google Signals): the tag from googletagmanager.com, hits to the regional collectors.
  return {
    scriptSources: ['https://www.googletagmanager.com'],
    connectSources: [
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://*.googletagmanager.com',
    ],
    imageSources: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  };
}

/**
 * Reads the analytics setting given as JSON text (the local server's ANALYTICS variable, the CDK's
 * `analytics` context); unset or empty means none. Throws naming what is wrong.
 */
export function parseAnalyticsSetting(value: unknown, source: string): AnalyticsConfig | undefined {
  if (value === undefined || value === '') return undefined;
  let candidate = value;
  if (typeof value === 'string') {
    try {
      candidate = JSON.parse(value);
    } catch {
      throw new Error(`${source} is not JSON: expected e.g. {"provider":"plausible","domain":"example.com"}`);
    }
  }
  const parsed = analyticsConfigSchema.safeParse(candidate);
  if (!parsed.success)
    throw new Error(
      `${source}: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'provider'}: ${i.message}`).join('; ')}`,
    );
  return parsed.data;
}

/**
 * Reads the measurement dialog's auto-show switch (the local server's MEASURE_POPUP_AUTO_SHOW, the
 * CDK's `measurePopupAutoShow` context): on unless set to false. Throws naming what is wrong.
 */
export function parseMeasurePopupAutoShow(value: unknown, source: string): boolean {
  if (value === undefined || value === '' || value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw new Error(`${source} must be true or false, not ${JSON.stringify(value)}`);
}

/**
 * What the browser needs to know about the deployment it talks to, served as /config.json next to
 * the SPA (written by the CDK web stack on AWS, by the local server on one machine), so one build
 * of the SPA runs anywhere.
 */
export const runtimeConfigSchema = z.object({
  region: z.string(),
  /** Base URL of the HTTP API; '/api' when CloudFront or the local server route it on the same origin. */
  apiBaseUrl: z.string(),
  webSocketUrl: z.string(),
  userPoolId: z.string(),
  userPoolClientId: z.string(),
  /** Only set on one machine, where cognito-local stands in for Cognito. */
  userPoolEndpoint: z.string().optional(),
  /** Where page views go; absent: no analytics tag is loaded and nothing is sent. */
  analytics: analyticsConfigSchema.optional(),
  /** The measurement dialog opens by itself after a few seconds; absent: it does not. */
  measurePopup: z.object({ autoShow: z.boolean() }).optional(),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
