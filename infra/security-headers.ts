import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyticsSources, type AnalyticsConfig } from '#domain/runtime-config';

/**
 * The security headers of every answer of the site and the API: CloudFront's response headers
 * policy on AWS (infra/stacks/web-stack.ts) and the local server (infra/local/stack.ts) both
 * take them from here.
 */
export const STRICT_TRANSPORT_SECURITY = {
  maxAgeSeconds: 2 * 365 * 24 * 60 * 60,
  includeSubdomains: true,
  preload: true,
} as const;
export const FRAME_OPTIONS = 'DENY';
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

export interface ContentSecurityPolicySources {
  /** What the SPA calls besides its own origin: the API, the WebSocket API, the Cognito user pool. */
  connectSources: readonly string[];
  /** The private uploads bucket: pages upload to it with presigned POSTs, and staff see return photos from it by presigned links. */
  uploadsOrigin: string;
  /** `'sha256-…'` sources of the inline scripts the built pages carry (see inlineScriptHashes). */
  scriptHashes: readonly string[];
  /** The analytics provider of /config.json: its hosts are allowed exactly when it is configured. */
  analytics?: AnalyticsConfig;
}

export function contentSecurityPolicy({
  connectSources,
  uploadsOrigin,
  scriptHashes,
  analytics,
}: ContentSecurityPolicySources): string {
  const analyticsHosts = analyticsSources(analytics);
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...scriptHashes, 'https://js.stripe.com', ...analyticsHosts.scriptSources].join(' '),
    // Chakra UI (emotion) injects its styles at run time.
    "style-src 'self' 'unsafe-inline'",
    [
      'img-src',
      "'self' data: blob: https://i.ytimg.com https://*.stripe.com",
      uploadsOrigin,
      ...analyticsHosts.imageSources,
    ].join(' '),
    "font-src 'self' data:",
    [
      'connect-src',
      "'self'",
      ...connectSources,
      uploadsOrigin,
      'https://api.stripe.com',
      ...analyticsHosts.connectSources,
    ].join(' '),
    'frame-src https://js.stripe.com https://hooks.stripe.com https://www.youtube.com https://www.youtube-nocookie.com',
    // Punch-out returns the cart by a form POST to the buyer's procurement system, whatever its host,
    // at the http or https address its setup request gave (docs/decisions/0040).
    "form-action 'self' https: http:",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** The headers as CloudFront writes them, for a server that adds them itself. */
export function securityHeaders(contentSecurityPolicy: string | undefined): Record<string, string> {
  const hsts = STRICT_TRANSPORT_SECURITY;
  return {
    'strict-transport-security': [
      `max-age=${hsts.maxAgeSeconds}`,
      ...(hsts.includeSubdomains ? ['includeSubDomains'] : []),
      ...(hsts.preload ? ['preload'] : []),
    ].join('; '),
    'x-content-type-options': 'nosniff',
    'x-frame-options': FRAME_OPTIONS,
    'referrer-policy': REFERRER_POLICY,
    ...(contentSecurityPolicy === undefined ? {} : { 'content-security-policy': contentSecurityPolicy }),
  };
}

/**
 * The hashes of the inline scripts in the built site's pages (index.html's intro switch, React's
 * streaming helpers in prerendered pages), so the policy runs exactly these and no other inline
 * script. Data blocks such as JSON-LD are not scripts the browser runs and need none.
 */
export function inlineScriptHashes(siteDir: string): string[] {
  const hashes = new Set<string>();
  const inlineScript = /<script(\s[^>]*)?>([\s\S]*?)<\/script>/g;
  for (const file of readdirSync(siteDir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.html')) continue;
    for (const [, attributes = '', source = ''] of readFileSync(join(siteDir, file), 'utf8').matchAll(inlineScript)) {
      if (/\ssrc=/i.test(attributes) || !isJavaScript(attributes)) continue;
      hashes.add(`'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`);
    }
  }
  return [...hashes].sort();
}

function isJavaScript(attributes: string): boolean {
  const type = /\stype=["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
  return type === undefined || type === 'module' || type === 'text/javascript';
}
