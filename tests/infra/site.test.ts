import { Match, Template } from 'aws-cdk-lib/assertions';
import type { Stack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { VIEWER_ADDRESS_HEADER } from '../../functions/lib/client-address';
import { ORIGIN_VERIFY_HEADER } from '../../functions/lib/http';
import { buildShopApp } from '../../infra/stacks/shop-app';
import { forwardViewerAddress, rewriteToPrerenderedPage } from '../../infra/stacks/web-stack';
import { stacks, synthesizeShop, template, WITHOUT_BUNDLING } from './synthesized-shop';

synthesizeShop();

describe('web hosting', () => {
  const distribution = () =>
    Object.values(template(stacks.web).findResources('AWS::CloudFront::Distribution'))[0]!.Properties
      .DistributionConfig;

  it('serves the private site bucket through Origin Access Control', () => {
    template(stacks.web).resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    const s3Origin = distribution().Origins.find((o: { S3OriginConfig?: unknown }) => o.S3OriginConfig);
    expect(s3Origin.OriginAccessControlId).toBeDefined();
    expect(distribution().DefaultRootObject).toBe('index.html');
  });

  it('serves files as they are, prerendered pages from <path>/index.html and every other path the SPA shell', () => {
    expect(distribution().DefaultCacheBehavior.FunctionAssociations).toEqual([
      expect.objectContaining({ EventType: 'viewer-request' }),
    ]);
    const handler = new Function(
      `${rewriteToPrerenderedPage(['/', '/about-us', '/careers/field'])}; return handler;`,
    )() as (event: { request: { uri: string } }) => { uri: string };
    const rewrite = (uri: string) => handler({ request: { uri } }).uri;
    expect(rewrite('/about-us')).toBe('/about-us/index.html');
    expect(rewrite('/careers/field/')).toBe('/careers/field/index.html');
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/account/settings')).toBe('/200.html');
    expect(rewrite('/no-such-page')).toBe('/200.html');
    expect(rewrite('/assets/index-3f2a.js')).toBe('/assets/index-3f2a.js');
    expect(rewrite('/config.json')).toBe('/config.json');
  });

  it("leaves error statuses alone, so the API's 403 and 404 reach the browser as they are", () => {
    expect(distribution().CustomErrorResponses).toBeUndefined();
  });

  it("routes /api/* to the HTTP API's own domain, uncached, with every viewer header but Host and the viewer's address", () => {
    const api = distribution().CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/api/*');
    expect(api).toMatchObject({
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
      AllowedMethods: expect.arrayContaining(['POST', 'PUT', 'PATCH', 'DELETE']),
      FunctionAssociations: [expect.objectContaining({ EventType: 'viewer-request' })],
    });
    const apiOrigin = distribution().Origins.find((o: { Id: string }) => o.Id === api.TargetOriginId);
    expect(JSON.stringify(apiOrigin.DomainName)).toContain('ApiDomain');
    // The origin secret, resolved by CloudFormation from the API stack's secret at deploy time.
    expect(apiOrigin.OriginCustomHeaders).toEqual([
      { HeaderName: ORIGIN_VERIFY_HEADER, HeaderValue: expect.anything() },
    ]);
    expect(JSON.stringify(apiOrigin.OriginCustomHeaders[0].HeaderValue)).toMatch(
      /^\{"Fn::Join":\["",\["\{\{resolve:secretsmanager:",\{"Fn::ImportValue":"ShopHttpApi:ExportsOutputRefOriginVerifySecret\w+"\},":SecretString:::\}\}"\]\]\}$/,
    );

    const handler = new Function(`${forwardViewerAddress()}; return handler;`)() as (event: {
      viewer: { ip: string };
      request: { headers: Record<string, { value: string }> };
    }) => { headers: Record<string, { value: string }> };
    const forwarded = handler({
      viewer: { ip: '203.0.113.9' },
      request: { headers: { [VIEWER_ADDRESS_HEADER]: { value: '10.0.0.1' } } },
    });
    expect(forwarded.headers[VIEWER_ADDRESS_HEADER]).toEqual({ value: '203.0.113.9' });
  });

  it('allows in the CSP the analytics provider of the CDK context, and none without it', () => {
    const cspOf = (web: Stack) =>
      JSON.stringify(
        Object.values(Template.fromStack(web).findResources('AWS::CloudFront::ResponseHeadersPolicy'))[0]!.Properties
          .ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy,
      );
    const analytics = {
      provider: 'plausible',
      domain: 'hillbrookblinds.com',
      apiHost: 'https://stats.example.com',
    } as const;
    const withAnalytics = buildShopApp({
      context: { ...WITHOUT_BUNDLING, analytics: JSON.stringify(analytics) },
    }).stacks.web;
    expect(cspOf(withAnalytics)).toMatch(/connect-src [^;]*https:\/\/stats\.example\.com/);
    expect(cspOf(stacks.web)).not.toContain('stats.example.com');
  });

  it('sends security headers', () => {
    template(stacks.web).hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: {
        SecurityHeadersConfig: Match.objectLike({
          StrictTransportSecurity: Match.objectLike({ AccessControlMaxAgeSec: Match.anyValue() }),
          ContentTypeOptions: Match.anyValue(),
          FrameOptions: Match.objectLike({ FrameOption: 'DENY' }),
          ReferrerPolicy: Match.anyValue(),
          ContentSecurityPolicy: Match.anyValue(),
        }),
      },
    });
  });
});

describe('buckets', () => {
  it('block public access and refuse plain HTTP, in every stack', () => {
    for (const stack of Object.values(stacks)) {
      const buckets = template(stack).findResources('AWS::S3::Bucket');
      const policies = Object.values(template(stack).findResources('AWS::S3::BucketPolicy'));
      for (const [logicalId, bucket] of Object.entries(buckets)) {
        expect(bucket.Properties.PublicAccessBlockConfiguration, logicalId).toEqual({
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        });
        const policy = policies.find((p) => p.Properties.Bucket.Ref === logicalId);
        expect(policy?.Properties.PolicyDocument.Statement, logicalId).toContainEqual(
          expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        );
      }
    }
  });
});

describe('the uploads bucket', () => {
  it("takes browsers' presigned POSTs from the site's origin only, the CSP allows it, and unclaimed résumé and return photo uploads expire after a day", () => {
    const [uploads] = Object.values(
      template(stacks.storage).findResources('AWS::S3::Bucket', {
        Properties: { VersioningConfiguration: { Status: 'Enabled' } },
      }),
    );
    expect(uploads!.Properties.CorsConfiguration.CorsRules).toEqual([
      expect.objectContaining({ AllowedOrigins: ['https://www.hillbrookblinds.com'], AllowedMethods: ['POST'] }),
    ]);
    for (const prefix of ['resumes/pending/', 'returns/pending/']) {
      expect(uploads!.Properties.LifecycleConfiguration.Rules).toContainEqual(
        expect.objectContaining({
          Prefix: prefix,
          ExpirationInDays: 1,
          NoncurrentVersionExpiration: { NoncurrentDays: 1 },
          Status: 'Enabled',
        }),
      );
    }
    const csp = JSON.stringify(
      Object.values(template(stacks.web).findResources('AWS::CloudFront::ResponseHeadersPolicy'))[0]!.Properties
        .ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy,
    );
    expect(csp).toContain('ShopStorage:ExportsOutputFnGetAttUploads');
    expect(csp).toContain('RegionalDomainName');
  });
});
