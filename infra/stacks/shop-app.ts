import { App, Validations, type AppProps, type StackProps } from 'aws-cdk-lib';
import { httpRoutes } from '../../functions/routes';
import type { HttpRoute } from '../../functions/routing';
import { AwsSolutionsChecks } from 'cdk-nag';
import { AuthStack } from './auth-stack';
import { CatalogueSeedStack } from './catalogue-seed-stack';
import { DataStack } from './data-stack';
import { EventsStack } from './events-stack';
import { HttpApiStack } from './http-api-stack';
import { ContextFunctions, monitorContextFunctions, OperationsStack, type AlarmRouting } from './monitoring';
import { deploymentSettings, PRODUCTION_STAGE } from './settings';
import { StorageStack } from './storage-stack';
import { CLOUDFRONT_WAF_REGION, WafStack } from './waf-stack';
import { WebStack } from './web-stack';
import { WebSocketStack } from './websocket-stack';

export interface ShopStacks {
  data: DataStack;
  operations: OperationsStack;
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

/**
 * The stacks' ids for a stage: ShopData, ShopAuth… for production, ShopStagingData… for staging, so
 * that a second stage deploys beside production in the same account.
 */
function stackIds(stage: string): (part: string) => string {
  const infix =
    stage === PRODUCTION_STAGE ? '' : stage.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
  return (part) => `Shop${infix}${part}`;
}

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

  const id = stackIds(settings.stage);

  const data = new DataStack(app, id('Data'), stackProps);
  const operations = new OperationsStack(app, id('Operations'), { ...stackProps, settings, table: data.table });
  const alarms: AlarmRouting = { topic: operations.alarmTopic, settings };
  const auth = new AuthStack(app, id('Auth'), { ...stackProps, settings });
  const storage = new StorageStack(app, id('Storage'), { ...stackProps, siteUrl: settings.siteUrl });
  const baseResources = {
    table: data.table,
    uploads: storage.uploads,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    settings,
  };
  const events = new EventsStack(app, id('Events'), { ...stackProps, resources: baseResources, alarms });
  const catalogueSeed = new CatalogueSeedStack(app, id('CatalogueSeed'), {
    ...stackProps,
    resources: { ...baseResources, bus: events.bus },
  });
  const webSocket = new WebSocketStack(app, id('WebSocket'), {
    ...stackProps,
    resources: { ...baseResources, bus: events.bus },
  });
  const httpApi = new HttpApiStack(app, id('HttpApi'), {
    ...stackProps,
    resources: {
      ...baseResources,
      bus: events.bus,
      webhookQueue: events.webhookQueue,
      webSocket: { api: webSocket.api, stage: webSocket.stage },
    },
    routes,
    alarms,
  });
  // The handlers price only from the table's grids (none carries a copy): the seed is written first.
  httpApi.addStackDependency(catalogueSeed);
  // Functions of a context with no HTTP route (the Cognito trigger, the catalogue seeder…) are watched in their own stack.
  for (const { context, stack, functions } of ContextFunctions.of(app).rest())
    monitorContextFunctions(stack, context, functions, alarms);
  const waf = new WafStack(app, id('Waf'), { env: { account, region: CLOUDFRONT_WAF_REGION } });
  const web = new WebStack(app, id('Web'), {
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
  return { data, operations, auth, storage, events, webSocket, httpApi, waf, web };
}
