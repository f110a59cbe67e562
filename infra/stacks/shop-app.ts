import { App, Validations, type AppProps, type StackProps } from 'aws-cdk-lib';
import { httpRoutes } from '../../functions/routes';
import type { HttpRoute } from '../../functions/routing';
import { AwsSolutionsChecks } from 'cdk-nag';
import { AuthStack } from './auth-stack';
import { CatalogueSeedStack } from './catalogue-seed-stack';
import { DataStack } from './data-stack';
import { EventsStack } from './events-stack';
import { HttpApiStack } from './http-api-stack';
import { deploymentSettings } from './settings';
import { StorageStack } from './storage-stack';
import { CLOUDFRONT_WAF_REGION, WafStack } from './waf-stack';
import { WebStack } from './web-stack';
import { WebSocketStack } from './websocket-stack';

export interface ShopStacks {
  data: DataStack;
  auth: AuthStack;
  storage: StorageStack;
  events: EventsStack;
  webSocket: WebSocketStack;
  httpApi: HttpApiStack;
  waf: WafStack;
  web: WebStack;
}

/**
 * The shop's region when CDK_DEFAULT_REGION is not set (a synth without AWS configuration): the
 * region with Dallas's Local Zone, where CloudFront's web ACL must be anyway.
 */
export const DEFAULT_REGION = 'us-east-1';

/** Feature flags the stacks rely on, set here so that `cdk synth` and the infra tests agree. */
const FEATURE_FLAGS = {
  // Server access logs are delivered under a bucket policy instead of a log-delivery ACL.
  '@aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy': true,
  // Exports stay protected while another stack imports them: a stack cannot be removed from under its users.
  '@aws-cdk/core:defaultCrossStackReferences': 'strong',
};

/** A CDK app holding every stack of the shop. */
export function buildShopApp(
  props: AppProps = {},
  routes: readonly HttpRoute[] = httpRoutes,
): { app: App; stacks: ShopStacks } {
  const app = new App({ ...props, context: { ...FEATURE_FLAGS, ...props.context } });
  return { app, stacks: createStacks(app, routes) };
}

/**
 * Builds every stack of the shop into `app`, checked by cdk-nag's AWS Solutions rules. Stacks are
 * account-agnostic unless CDK_DEFAULT_ACCOUNT is set, so synth needs no AWS account. Their region
 * is explicit (CDK_DEFAULT_REGION, or DEFAULT_REGION): the web stack reads the web ACL's ARN from
 * us-east-1, and CDK references across regions only between stacks with a known region.
 */
export function createStacks(app: App, routes: readonly HttpRoute[] = httpRoutes): ShopStacks {
  const account = process.env.CDK_DEFAULT_ACCOUNT;
  const stackProps: StackProps = { env: { account, region: process.env.CDK_DEFAULT_REGION ?? DEFAULT_REGION } };
  const settings = deploymentSettings(app);

  const data = new DataStack(app, 'ShopData', stackProps);
  const auth = new AuthStack(app, 'ShopAuth', { ...stackProps, settings });
  const storage = new StorageStack(app, 'ShopStorage', { ...stackProps, siteUrl: settings.siteUrl });
  const baseResources = {
    table: data.table,
    uploads: storage.uploads,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    settings,
  };
  const events = new EventsStack(app, 'ShopEvents', { ...stackProps, resources: baseResources });
  const catalogueSeed = new CatalogueSeedStack(app, 'ShopCatalogueSeed', {
    ...stackProps,
    resources: { ...baseResources, bus: events.bus },
  });
  const webSocket = new WebSocketStack(app, 'ShopWebSocket', {
    ...stackProps,
    resources: { ...baseResources, bus: events.bus },
  });
  const httpApi = new HttpApiStack(app, 'ShopHttpApi', {
    ...stackProps,
    resources: {
      ...baseResources,
      bus: events.bus,
      webhookQueue: events.webhookQueue,
      webSocket: { api: webSocket.api, stage: webSocket.stage },
    },
    routes,
  });
  // The handlers price only from the table's grids (none carries a copy): the seed is written first.
  httpApi.addStackDependency(catalogueSeed);
  const waf = new WafStack(app, 'ShopWaf', { env: { account, region: CLOUDFRONT_WAF_REGION } });
  const web = new WebStack(app, 'ShopWeb', {
    ...stackProps,
    crossRegionReferences: true,
    apiDomainName: httpApi.domainName.name,
    apiOriginSecret: httpApi.originSecret,
    webAclArn: waf.webAclArn,
    webSocketStage: webSocket.stage,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    analytics: settings.analytics,
    measurePopupAutoShow: settings.measurePopupAutoShow,
    uploadsBucketDomainName: storage.uploads.bucketRegionalDomainName,
  });

  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
  return { data, auth, storage, events, webSocket, httpApi, waf, web };
}
