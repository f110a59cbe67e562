import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './security-headers';

const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `));
const base = { connectSources: ['wss://ws.example'], uploadsOrigin: 'https://uploads.example', scriptHashes: [] };

describe('the Content-Security-Policy and analytics', () => {
  it('allows no analytics host when none is configured', () => {
    expect(contentSecurityPolicy(base)).not.toMatch(/google|plausible/);
  });

  it("allows exactly the configured Plausible server's origin to be posted to, and no script", () => {
    const policy = contentSecurityPolicy({
      ...base,
      analytics: { provider: 'plausible', domain: 'shop.example', apiHost: 'https://stats.example' },
    });
    expect(directive(policy, 'connect-src')?.split(' ').at(-1)).toBe('https://stats.example');
    expect(directive(policy, 'script-src')).not.toContain('stats.example');
  });

  it("allows GA4's tag host and its collectors", () => {
    const policy = contentSecurityPolicy({ ...base, analytics: { provider: 'ga4', measurementId: 'G-TEST1234' } });
    expect(directive(policy, 'script-src')).toContain('https://www.googletagmanager.com');
    expect(directive(policy, 'connect-src')).toContain('https://*.google-analytics.com');
    expect(directive(policy, 'img-src')).toContain('https://*.google-analytics.com');
  });
});
