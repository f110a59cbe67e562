import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveBuiltSite, type BuiltSite } from '../support/built-site';
import { buildShopApp } from '../../infra/stacks/shop-app';

/** Managed-CachingOptimized: caches by path only, and normalizes Accept-Encoding to gzip and br. */
const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';

interface Behavior {
  PathPattern?: string;
  Compress?: boolean;
  CachePolicyId: string;
  ResponseHeadersPolicyId: { Ref: string };
}

/** A file of the build for each kind the site serves; large enough for CloudFront to compress. */
const BUILT_FILES: Record<string, string> = {
  'index.html': `<!doctype html><title>Hill &amp; Brook</title>${'<p>Blinds</p>'.repeat(200)}`,
  'faux-wood-blinds/index.html': `<!doctype html><title>Faux wood</title>${'<p>Faux wood</p>'.repeat(200)}`,
  '200.html': `<!doctype html><title>shell</title>${'<div></div>'.repeat(200)}`,
  'assets/index-3f2a9c.js': `export const x = [${'"chunk", '.repeat(300)}];`,
  'assets/index-77b0e1.css': `${'.a{color:red}'.repeat(200)}`,
  'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<rect/>'.repeat(200)}</svg>`,
  'config.json': JSON.stringify({ region: 'us-east-1', apiBaseUrl: '/api', padding: 'x'.repeat(1_200) }),
};
const PATHS = [
  '/',
  '/faux-wood-blinds',
  '/account/settings',
  '/assets/index-3f2a9c.js',
  '/assets/index-77b0e1.css',
  '/favicon.svg',
  '/config.json',
];

let resources: Record<string, { Type: string; Properties: Record<string, any> }>;
let behaviors: Behavior[];
let defaultBehavior: Behavior;
let site: BuiltSite;

beforeAll(async () => {
  const { stacks } = buildShopApp({ context: { 'aws:cdk:bundling-stacks': [] } });
  resources = Template.fromStack(stacks.web).toJSON().Resources;
  const distribution = Object.values(resources).find((r) => r.Type === 'AWS::CloudFront::Distribution')!.Properties
    .DistributionConfig;
  behaviors = distribution.CacheBehaviors;
  defaultBehavior = distribution.DefaultCacheBehavior;

  site = await serveBuiltSite(BUILT_FILES);
});

afterAll(() => site.close());

/** The behavior CloudFront picks for a viewer's path: the first whose pattern matches, else the default. */
function behaviorFor(path: string): Behavior {
  const matches = (pattern: string) =>
    new RegExp(
      `^${pattern
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '.*')
        .replace(/\?/g, '.')}$`,
    ).test(path);
  return behaviors.find((b) => matches(b.PathPattern!)) ?? defaultBehavior;
}

/** The Cache-Control the behavior's response headers policy gives the viewer, or undefined when it sets none. */
function cacheControlOf(behavior: Behavior): string | undefined {
  const policy = resources[behavior.ResponseHeadersPolicyId.Ref]!.Properties.ResponseHeadersPolicyConfig;
  const items: Array<{ Header: string; Value: string; Override: boolean }> = policy.CustomHeadersConfig?.Items ?? [];
  const header = items.find((h) => h.Header.toLowerCase() === 'cache-control');
  return header?.Override ? header.Value : undefined;
}

async function localHeaders(path: string) {
  return (await site.get(path, { 'accept-encoding': 'gzip, deflate, br' }, 'HEAD')).headers;
}

describe('the local server and the distribution', () => {
  it.each(PATHS)('send %s with the same Cache-Control', async (path) => {
    const fromCloudFront = cacheControlOf(behaviorFor(path));
    expect(fromCloudFront, `no Cache-Control for ${path} in the template`).toBeDefined();
    expect((await localHeaders(path))['cache-control']).toBe(fromCloudFront);
  });

  it.each(PATHS)('compress %s alike: Brotli for a browser that takes it', async (path) => {
    const behavior = behaviorFor(path);
    const cloudFrontCompresses = behavior.Compress === true && behavior.CachePolicyId === CACHING_OPTIMIZED;
    expect(cloudFrontCompresses).toBe(true);
    const headers = await localHeaders(path);
    expect(headers['content-encoding']).toBe('br');
    expect(headers.vary).toBe('Accept-Encoding');
  });

  it('keep hashed assets for a year and have pages revalidated', () => {
    expect(cacheControlOf(behaviorFor('/assets/index-3f2a9c.js'))).toBe('public, max-age=31536000, immutable');
    expect(cacheControlOf(behaviorFor('/faux-wood-blinds'))).toBe('no-cache');
  });
});
