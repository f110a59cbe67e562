import { ArnFormat, Duration, RemovalPolicy, SecretValue, Stack } from 'aws-cdk-lib';
import type { WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IEventBus } from 'aws-cdk-lib/aws-events';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Architecture, LayerVersion, Runtime, Tracing, type ILayerVersion } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AUDIT_PARTITION_PREFIX } from '../../functions/lib/table/keys/audit';
import { TRACER_MODULE } from '../../functions/lib/tracing';
import type { Grant, HandlerRef } from '../../functions/routing';
import { REPO_ROOT, stagedName, type DeploymentSettings } from './settings';
import { ContextFunctions } from './monitoring';
import { acknowledge, referencedFrom, wildcardActionFinding, wildcardResourceFinding } from './nag';

/** Everything a handler may be granted, and what its environment names. */
export interface ShopResources {
  table: ITable;
  bus: IEventBus;
  uploads: IBucket;
  userPool: IUserPool;
  userPoolClient: IUserPoolClient;
  settings: DeploymentSettings;
  /** Only where the WebSocket API exists already (its own stack and the ones after it). */
  webSocket?: { api: WebSocketApi; stage: WebSocketStage };
  /** The webhook delivery queue (functions/queues.ts): the events stack and the ones after it. */
  webhookQueue?: IQueue;
}

export type ShopFunctionProps = {
  handler: HandlerRef;
  timeout: Duration;
  description: string;
} & (
  | { grants: readonly Grant[]; resources: ShopResources }
  /**
   * A Cognito trigger: the user pool invokes it, so its environment cannot name the pool, nor
   * anything deployed after it. It gets the deployment settings alone (read by `settingsConfig()`)
   * and no grants.
   */
  | { settings: DeploymentSettings }
);

/**
 * The SDK's default credential chain tries the environment's keys first and imports each of these
 * (with the SSO, STS and login clients they carry) only when those are missing.
 */
const LAZY_CREDENTIAL_PROVIDERS = [
  '@aws-sdk/credential-provider-http',
  '@aws-sdk/credential-provider-ini',
  '@aws-sdk/credential-provider-process',
  '@aws-sdk/credential-provider-sso',
  '@aws-sdk/credential-provider-web-identity',
  '@smithy/credential-provider-imds',
];

/**
 * The mails render with `renderToStaticMarkup` alone (functions/mail/compose.tsx), which react-dom
 * exports from its legacy server build; `react-dom/server` would bundle its streaming renderer
 * beside it (~110 KB) for nothing. The export map names no such subpath, hence the file itself.
 */
const STATIC_MARKUP_RENDERER = {
  module: 'react-dom/server',
  file: join(REPO_ROOT, 'node_modules/react-dom/cjs/react-dom-server-legacy.node.production.js'),
};

/**
 * How esbuild bundles every handler, here alone: NodejsFunction passes it, and the bench
 * (bench/lambda-bundles.ts) bundles each handler with it to measure the bundles.
 */
export const LAMBDA_BUNDLING: BundlingOptions = {
  format: OutputFormat.ESM,
  target: 'node22',
  mainFields: ['module', 'main'],
  minify: true,
  sourceMap: true,
  // The pinned SDK version is bundled, so Lambda runs the same SDK the tests ran; except the
  // credential providers the SDK's default chain imports lazily after the environment's keys, which
  // Lambda always sets: never loaded there, they would add ~120 KB to every bundle (decision 0028).
  // The tracer is Powertools' Lambda layer's (functions/lib/tracing.ts, decision 0087).
  externalModules: [...LAZY_CREDENTIAL_PROVIDERS, TRACER_MODULE],
  // Libraries that pick a build by NODE_ENV (react-dom for the mails) bundle their production build only.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  banner: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  esbuildArgs: { '--alias': `${STATIC_MARKUP_RENDERER.module}=${STATIC_MARKUP_RENDERER.file}` },
  forceDockerBundling: false,
};

/**
 * LAMBDA_BUNDLING in esbuild's own terms, the arguments NodejsFunction gives esbuild's command line:
 * the bench and the infra tests bundle handlers with them without synthesizing an asset.
 */
export const LAMBDA_ESBUILD_OPTIONS: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: LAMBDA_BUNDLING.format === OutputFormat.CJS ? 'cjs' : 'esm',
  target: LAMBDA_BUNDLING.target,
  mainFields: LAMBDA_BUNDLING.mainFields,
  minify: LAMBDA_BUNDLING.minify,
  sourcemap: LAMBDA_BUNDLING.sourceMap,
  external: LAMBDA_BUNDLING.externalModules,
  banner: LAMBDA_BUNDLING.banner ? { js: LAMBDA_BUNDLING.banner } : undefined,
  define: LAMBDA_BUNDLING.define,
  alias: { [STATIC_MARKUP_RENDERER.module]: STATIC_MARKUP_RENDERER.file },
};

/** The version of Powertools the tests ran, so the layer's tracer is the one they type-checked against. */
export const POWERTOOLS_VERSION = (
  JSON.parse(readFileSync(join(REPO_ROOT, 'node_modules', TRACER_MODULE, 'package.json'), 'utf8')) as {
    version: string;
  }
).version;

/**
 * Powertools' own Lambda layer of that version, once per stack: AWS publishes its ARN in each
 * region under this public SSM parameter, resolved at deploy time.
 */
function powertoolsLayer(scope: Construct): ILayerVersion {
  const stack = Stack.of(scope);
  const id = 'PowertoolsLayer';
  return (
    (stack.node.tryFindChild(id) as ILayerVersion | undefined) ??
    LayerVersion.fromLayerVersionArn(
      stack,
      id,
      StringParameter.valueForStringParameter(
        stack,
        `/aws/service/powertools/typescript/generic/all/${POWERTOOLS_VERSION}`,
      ),
    )
  );
}

/** The bounded context of a handler: the folder of functions/ its file is in. */
export function contextOf(handler: HandlerRef): string {
  const context = /^functions\/([a-z][a-z0-9-]*)\//.exec(handler.file)?.[1];
  if (!context) throw new Error(`${handler.file}#${handler.export} is not in a folder of functions/`);
  return context;
}

/** The Cognito actions staff tools use to manage accounts and the admin group. */
const USER_POOL_ADMIN_ACTIONS = [
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminDeleteUser',
  'cognito-idp:AdminDisableUser',
  'cognito-idp:AdminEnableUser',
  'cognito-idp:AdminUpdateUserAttributes',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:AdminResetUserPassword',
  'cognito-idp:AdminAddUserToGroup',
  'cognito-idp:AdminRemoveUserFromGroup',
  'cognito-idp:AdminListGroupsForUser',
  'cognito-idp:ListUsers',
  'cognito-idp:ListUsersInGroup',
];

/**
 * One Lambda function for one declared handler (HTTP route, WebSocket route, event consumer or
 * Cognito trigger): Node 22 on arm64, bundled locally by esbuild as ESM, the whole configuration of
 * functions/lib/config.ts in its environment, and exactly the declared grants (a trigger: the
 * deployment settings only).
 */
export class ShopFunction extends Construct {
  readonly fn: NodejsFunction;
  readonly handler: HandlerRef;
  /** The bounded context the handler belongs to: its folder under functions/. */
  readonly context: string;

  constructor(scope: Construct, id: string, props: ShopFunctionProps) {
    super(scope, id);
    const { handler } = props;
    this.handler = handler;
    this.context = contextOf(handler);

    this.fn = new NodejsFunction(this, 'Function', {
      entry: join(REPO_ROOT, handler.file),
      handler: handler.export,
      projectRoot: REPO_ROOT,
      depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
      description: props.description,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: 512,
      timeout: props.timeout,
      logGroup: new LogGroup(this, 'Logs', {
        retention: RetentionDays.ONE_MONTH,
        removalPolicy: RemovalPolicy.DESTROY,
      }),
      environment:
        'resources' in props
          ? resourcesEnvironment(props.resources, props.grants, id)
          : settingsEnvironment(props.settings),
      bundling: LAMBDA_BUNDLING,
      // X-Ray traces each invocation: its cold start, its duration, where it failed; the layer's
      // tracer adds each AWS and HTTP call beneath it.
      tracing: Tracing.ACTIVE,
      layers: [powertoolsLayer(this)],
    });

    if ('resources' in props) for (const grant of new Set(props.grants)) this.grant(grant, props.resources, id);
    ContextFunctions.of(this).add(this);

    acknowledge(
      this,
      {
        id: 'AwsSolutions-L1',
        reason: 'Node.js 22 is the runtime the project chose and tests against (Lambda LTS until 2027).',
      },
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: 'AWSLambdaBasicExecutionRole only lets the function write its own CloudWatch logs.',
      },
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'X-Ray takes trace segments for no resource narrower than * (xray:PutTraceSegments, xray:PutTelemetryRecords).',
      },
    );
  }

  private grant(grant: Grant, resources: ShopResources, id: string): void {
    const fn = this.fn;
    const { table, uploads, bus, userPool } = resources;
    switch (grant) {
      case 'table:read':
      case 'table:write':
        if (grant === 'table:read') table.grantReadData(fn);
        else {
          table.grantReadWriteData(fn);
          // Audit log entries are only ever put, once (functions/lib/table/audit.ts); no function may change or delete one.
          fn.addToRolePolicy(
            new PolicyStatement({
              effect: Effect.DENY,
              actions: ['dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'],
              resources: [table.tableArn],
              conditions: { 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': [`${AUDIT_PARTITION_PREFIX}*`] } },
            }),
          );
        }
        this.acknowledgeWildcards(
          'the global secondary indexes of the table (index/*), queried by the access patterns',
          [wildcardResourceFinding(this, `${referencedFrom(this, table, table.tableArn)}/index/*`)],
        );
        return;
      case 'bus:publish':
        bus.grantPutEventsTo(fn);
        return;
      case 'bus:describe':
        fn.addToRolePolicy(new PolicyStatement({ actions: ['events:DescribeEventBus'], resources: [bus.eventBusArn] }));
        return;
      case 'userPool:read':
        userPool.grant(fn, 'cognito-idp:DescribeUserPool');
        return;
      case 'userPool:admin':
        userPool.grant(fn, ...USER_POOL_ADMIN_ACTIONS);
        return;
      case 'userPool:readUsers':
        userPool.grant(fn, 'cognito-idp:AdminGetUser');
        return;
      case 'storage:read':
      case 'storage:write': {
        if (grant === 'storage:read') uploads.grantRead(fn);
        else uploads.grantReadWrite(fn);
        const actions = ['s3:GetObject*', 's3:GetBucket*', 's3:List*'];
        if (grant === 'storage:write') actions.push('s3:DeleteObject*', 's3:Abort*');
        this.acknowledgeWildcards(
          'the objects of the uploads bucket, whose keys are made at run time (CDK bucket grant)',
          [
            ...actions.map(wildcardActionFinding),
            wildcardResourceFinding(this, `${referencedFrom(this, uploads, uploads.bucketArn)}/*`),
          ],
        );
        return;
      }
      case 'mail:send': {
        const identities = Stack.of(this).formatArn({ service: 'ses', resource: 'identity', resourceName: '*' });
        fn.addToRolePolicy(
          new PolicyStatement({ actions: ['ses:SendEmail', 'ses:SendRawEmail'], resources: [identities] }),
        );
        this.acknowledgeWildcards(
          'SES identities of the account: the sender (MAIL_FROM) and, in the SES sandbox, each recipient',
          [wildcardResourceFinding(this, identities)],
        );
        return;
      }
      case 'payments':
      case 'appointments:token':
      case 'quotes:link':
        // Its keys reach the function's environment at deploy time (paymentsEnvironment, appointmentTokenEnvironment): no runtime permission.
        return;
      case 'webhooks:enqueue':
        requireWebhookQueue(resources, id).grantSendMessages(fn);
        return;
      case 'consumers:invoke': {
        // The consumers' and scheduled jobs' functions are the events stack's; CloudFormation names them after it.
        const consumers = Stack.of(this).formatArn({
          service: 'lambda',
          resource: 'function',
          resourceName: `${Stack.of(resources.bus).stackName}-*`,
          arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        });
        fn.addToRolePolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [consumers] }));
        this.acknowledgeWildcards(
          'the functions of the events stack (event consumers and scheduled jobs), named by CloudFormation',
          [wildcardResourceFinding(this, consumers)],
        );
        return;
      }
      case 'websocket:post': {
        const { api, stage } = requireWebSocket(resources, id);
        stage.grantManagementApiAccess(fn);
        const apiArn = Stack.of(api).formatArn({
          service: 'execute-api',
          resource: referencedFrom(this, api, api.apiId),
        });
        this.acknowledgeWildcards('the connections of the WebSocket stage, whose ids are only known at run time', [
          wildcardResourceFinding(this, `${apiArn}/${stage.stageName}/*/@connections/*`),
        ]);
        return;
      }
    }
  }

  private acknowledgeWildcards(reason: string, findings: string[]): void {
    acknowledge(this, ...findings.map((finding) => ({ id: finding, reason: `Wildcard limited to ${reason}.` })));
  }
}

function resourcesEnvironment(resources: ShopResources, grants: readonly Grant[], id: string): Record<string, string> {
  return {
    TABLE_NAME: resources.table.tableName,
    EVENT_BUS_NAME: resources.bus.eventBusName,
    UPLOADS_BUCKET: resources.uploads.bucketName,
    USER_POOL_ID: resources.userPool.userPoolId,
    USER_POOL_CLIENT_ID: resources.userPoolClient.userPoolClientId,
    ...settingsEnvironment(resources.settings),
    ...(grants.includes('websocket:post') && {
      WEBSOCKET_MANAGEMENT_URL: requireWebSocket(resources, id).stage.callbackUrl,
    }),
    ...(grants.includes('payments') && paymentsEnvironment(resources.settings)),
    ...(grants.includes('appointments:token') && appointmentTokenEnvironment(resources.settings)),
    ...(grants.includes('quotes:link') && quoteLinkEnvironment(resources.settings)),
    ...(grants.includes('webhooks:enqueue') && { WEBHOOK_QUEUE_URL: requireWebhookQueue(resources, id).queueUrl }),
  };
}

/**
 * The Secrets Manager secret with the Stripe keys, created before the first deploy (README):
 * JSON `{ "secretKey": "sk_live_…", "webhookSecret": "whsec_…" }`.
 */
export const STRIPE_SECRET_NAME = 'hill-brook-blinds/stripe';

/** A secret's name for the stage: production's as documented, another stage's under `hill-brook-blinds-<stage>/`. */
export function stagedSecretName(settings: Pick<DeploymentSettings, 'stage'>, name: string): string {
  const [folder, secret] = name.split('/');
  return `${stagedName(settings, folder!)}/${secret}`;
}

/**
 * The Stripe keys of the functions granted `payments`, and of no other: CloudFormation resolves them
 * from the secret at deploy time (a dynamic reference), so they are in no template, context or
 * repository; changing them is updating the secret and deploying again (docs/decisions/0008).
 */
function paymentsEnvironment(settings: DeploymentSettings): Record<string, string> {
  const field = (jsonField: string) =>
    SecretValue.secretsManager(stagedSecretName(settings, STRIPE_SECRET_NAME), { jsonField }).unsafeUnwrap();
  return { STRIPE_SECRET_KEY: field('secretKey'), STRIPE_WEBHOOK_SECRET: field('webhookSecret') };
}

/**
 * The Secrets Manager secret holding the appointment links' HMAC key (a random string of 64
 * characters), created before the first deploy (README); rotating it voids the links already mailed.
 */
export const APPOINTMENT_TOKEN_SECRET_NAME = 'hill-brook-blinds/appointment-token';

/** The appointment links' key, resolved by CloudFormation at deploy time like the Stripe keys (docs/decisions/0021). */
function appointmentTokenEnvironment(settings: DeploymentSettings): Record<string, string> {
  const name = stagedSecretName(settings, APPOINTMENT_TOKEN_SECRET_NAME);
  return { APPOINTMENT_TOKEN_KEY: SecretValue.secretsManager(name).unsafeUnwrap() };
}

/** The Secrets Manager secret holding the HMAC key of customer quotes' share links (64 random characters); rotating it voids the links shared. */
export const QUOTE_LINK_SECRET_NAME = 'hill-brook-blinds/quote-link';

function quoteLinkEnvironment(settings: DeploymentSettings): Record<string, string> {
  return {
    QUOTE_LINK_KEY: SecretValue.secretsManager(stagedSecretName(settings, QUOTE_LINK_SECRET_NAME)).unsafeUnwrap(),
  };
}

function settingsEnvironment(settings: DeploymentSettings): Record<string, string> {
  return {
    // Loads the layer's tracer (functions/lib/tracing.ts): unset off Lambda, where nothing is traced.
    POWERTOOLS_TRACE_ENABLED: 'true',
    MAIL_FROM: settings.mailFrom,
    STAFF_EMAIL: settings.staffEmail,
    SITE_URL: settings.siteUrl,
    BUSINESS_SETTINGS: JSON.stringify(settings.business),
  };
}

function requireWebSocket(resources: ShopResources, id: string): NonNullable<ShopResources['webSocket']> {
  if (!resources.webSocket)
    throw new Error(`${id} is granted websocket:post but the WebSocket API is not available here`);
  return resources.webSocket;
}

function requireWebhookQueue(resources: ShopResources, id: string): IQueue {
  if (!resources.webhookQueue)
    throw new Error(`${id} is granted webhooks:enqueue but the webhook queue is not available here`);
  return resources.webhookQueue;
}
