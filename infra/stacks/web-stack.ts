import '../spa-business';
import { Annotations, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type { WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  type ResponseSecurityHeadersBehavior,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { Policy } from 'aws-cdk-lib/aws-iam';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { publicRoutePaths } from '../../frontend/src/route-meta';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { AnalyticsConfig, RuntimeConfig } from '#domain/runtime-config';
import { VIEWER_ADDRESS_HEADER } from '../../functions/lib/client-address';
import { ORIGIN_VERIFY_HEADER } from '../../functions/lib/http';
import {
  contentSecurityPolicy as siteContentSecurityPolicy,
  FRAME_OPTIONS,
  inlineScriptHashes,
  REFERRER_POLICY,
  STRICT_TRANSPORT_SECURITY,
} from '../security-headers';
import { HASHED_ASSETS_PATH_PATTERN, IMMUTABLE_CACHE_CONTROL, REVALIDATE_CACHE_CONTROL } from '../site-caching';
import { REPO_ROOT } from './settings';
import { acknowledge, wildcardFindingsOf } from './nag';

export const SITE_BUILD_DIR = join(REPO_ROOT, 'frontend', 'dist');

export interface WebStackProps extends StackProps {
  /** The HTTP API's own domain name (its execute-api endpoint is switched off). */
  apiDomainName: string;
  /** The secret CloudFront sends the API in x-origin-verify: without it the API refuses a request. */
  apiOriginSecret: ISecret;
  /** The web ACL (WAF, in us-east-1) that rate-limits every client address. */
  webAclArn: string;
  webSocketStage: WebSocketStage;
  userPool: IUserPool;
  userPoolClient: IUserPoolClient;
  /** Where the SPA sends page views, written into /config.json; the CSP allows its hosts. None when unset. */
  analytics?: AnalyticsConfig;
  /** The measurement dialog opens by itself, written into /config.json. */
  measurePopupAutoShow: boolean;
  /** The uploads bucket's regional domain: the SPA posts résumés there with presigned POSTs. */
  uploadsBucketDomainName: string;
}

/**
 * Viewer-request rewrite of the site's URIs (the /api/* behavior has none). A file is served as it
 * is; a prerendered public page from `<path>/index.html`; any other path gets the SPA shell
 * /200.html, which renders it (or the 404 page) in the browser. Done here rather than with
 * distribution-wide error responses, which would also turn the API's own 403 and 404 into the shell.
 */
export function rewriteToPrerenderedPage(prerenderedPaths: readonly string[]): string {
  const pages = JSON.stringify(Object.fromEntries(prerenderedPaths.filter((p) => p !== '/').map((p) => [p, true])));
  return `var PRERENDERED = ${pages};
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri.lastIndexOf('.') > uri.lastIndexOf('/')) return request;
  var path = uri.length > 1 && uri.endsWith('/') ? uri.slice(0, -1) : uri;
  if (path === '/') request.uri = '/index.html';
  else if (PRERENDERED[path]) request.uri = path + '/index.html';
  else request.uri = '/200.html';
  return request;
}`;
}

/**
 * Viewer-request function of the /api/* behavior: the viewer's address in the header the API reads
 * it from (functions/lib/client-address.ts), replacing any value the viewer sent. The API's own
 * sourceIp is CloudFront's.
 */
export function forwardViewerAddress(): string {
  return `function handler(event) {
  var request = event.request;
  request.headers['${VIEWER_ADDRESS_HEADER}'] = { value: event.viewer.ip };
  return request;
}`;
}

/**
 * The site: the built SPA in a private bucket behind CloudFront (Origin Access Control), with the
 * HTTP API on the same origin under /api/*, and /config.json telling the SPA where everything is.
 */
export class WebStack extends Stack {
  readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { region } = Stack.of(this);

    const logs = new Bucket(this, 'Logs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logging writes with ACLs.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(365) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(logs, {
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket; logging it into itself would loop.',
    });

    const site = new Bucket(this, 'Site', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 'site-bucket/',
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const apiDomain = props.apiDomainName;
    const cognitoEndpoint = `https://cognito-idp.${region}.amazonaws.com`;
    // Declared in infra/security-headers.ts, which the local server sends too.
    const contentSecurityPolicy = siteContentSecurityPolicy({
      connectSources: [`https://${apiDomain}`, props.webSocketStage.url, cognitoEndpoint],
      uploadsOrigin: `https://${props.uploadsBucketDomainName}`,
      scriptHashes: existsSync(SITE_BUILD_DIR) ? inlineScriptHashes(SITE_BUILD_DIR) : [],
      analytics: props.analytics,
    });

    const securityHeadersBehavior: ResponseSecurityHeadersBehavior = {
      strictTransportSecurity: {
        accessControlMaxAge: Duration.seconds(STRICT_TRANSPORT_SECURITY.maxAgeSeconds),
        includeSubdomains: STRICT_TRANSPORT_SECURITY.includeSubdomains,
        preload: STRICT_TRANSPORT_SECURITY.preload,
        override: true,
      },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: HeadersFrameOption[FRAME_OPTIONS], override: true },
      referrerPolicy: { referrerPolicy: REFERRER_POLICY as HeadersReferrerPolicy, override: true },
      contentSecurityPolicy: { contentSecurityPolicy, override: true },
    };
    // The API sets its own Cache-Control; the site's files get the browser caching of
    // infra/site-caching.ts here, on the viewer's response only (the edge cache follows the cache policy).
    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', { securityHeadersBehavior });
    const siteHeaders = (id: string, cacheControl: string) =>
      new ResponseHeadersPolicy(this, id, {
        securityHeadersBehavior,
        customHeadersBehavior: { customHeaders: [{ header: 'Cache-Control', value: cacheControl, override: true }] },
      });
    const revalidatedFileHeaders = siteHeaders('RevalidatedFileHeaders', REVALIDATE_CACHE_CONTROL);
    const hashedAssetHeaders = siteHeaders('HashedAssetHeaders', IMMUTABLE_CACHE_CONTROL);

    const rewrite = new CloudFrontFunction(this, 'RewriteToPrerenderedPage', {
      code: FunctionCode.fromInline(rewriteToPrerenderedPage(publicRoutePaths)),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Prerendered pages to <path>/index.html, other paths to the SPA shell',
    });

    const viewerAddress = new CloudFrontFunction(this, 'ForwardViewerAddress', {
      code: FunctionCode.fromInline(forwardViewerAddress()),
      runtime: FunctionRuntime.JS_2_0,
      comment: `The viewer's address to the API in ${VIEWER_ADDRESS_HEADER}`,
    });

    const siteOrigin = S3BucketOrigin.withOriginAccessControl(site);
    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Hill & Brook Blinds shop',
      webAclId: props.webAclArn,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: siteOrigin,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: revalidatedFileHeaders,
        compress: true,
        functionAssociations: [{ function: rewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        // Only files are under /assets/: no rewrite to a page.
        [HASHED_ASSETS_PATH_PATTERN]: {
          origin: siteOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: hashedAssetHeaders,
          compress: true,
        },
        '/api/*': {
          origin: new HttpOrigin(apiDomain, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            // Resolved by CloudFormation at deploy time ({{resolve:secretsmanager:…}}): the value is in no template.
            customHeaders: { [ORIGIN_VERIFY_HEADER]: props.apiOriginSecret.secretValue.unsafeUnwrap() },
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
          functionAssociations: [{ function: viewerAddress, eventType: FunctionEventType.VIEWER_REQUEST }],
        },
      },
    });

    const runtimeConfig: RuntimeConfig = {
      region,
      apiBaseUrl: '/api',
      webSocketUrl: props.webSocketStage.url,
      userPoolId: props.userPool.userPoolId,
      userPoolClientId: props.userPoolClient.userPoolClientId,
      ...(props.analytics && { analytics: props.analytics }),
      measurePopup: { autoShow: props.measurePopupAutoShow },
    };
    const sources = [Source.jsonData('config.json', runtimeConfig)];
    if (existsSync(SITE_BUILD_DIR)) {
      sources.unshift(Source.asset(SITE_BUILD_DIR));
    } else {
      Annotations.of(this).addWarningV2(
        '@shop/web:missingBuild',
        'frontend/dist does not exist: only /config.json is deployed. Run `npm run build` first to deploy the site.',
      );
    }
    new BucketDeployment(this, 'DeploySite', {
      destinationBucket: site,
      sources,
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });

    this.acknowledgeDeploymentProvider();

    acknowledge(
      this.distribution,
      { id: 'AwsSolutions-CFR1', reason: 'The shop sells across the US; no country needs to be blocked.' },
      {
        id: 'AwsSolutions-CFR4',
        reason:
          'The default CloudFront certificate is used until the shop domain and its ACM certificate are configured.',
      },
    );
  }

  /** CDK's BucketDeployment runs a provider function of its own (a stack-level singleton). */
  private acknowledgeDeploymentProvider(): void {
    const provider = this.node.children.find((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
    const policy = provider?.node.findAll().find((c): c is Policy => c instanceof Policy);
    if (!provider || !policy) throw new Error('The BucketDeployment provider function or its policy was not found');
    const reason = (what: string) => `CDK BucketDeployment provider: ${what}.`;
    acknowledge(
      provider,
      { id: 'AwsSolutions-L1', reason: reason('its Python runtime is chosen and updated by aws-cdk-lib') },
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: reason('the managed policy only allows writing its own logs'),
      },
      ...wildcardFindingsOf(policy).map((id) => ({
        id,
        reason: reason(
          'copies the build from the CDK assets bucket into the site bucket, prunes old files and invalidates the distribution (CreateInvalidation has no resource-level permission)',
        ),
      })),
    );
  }
}
