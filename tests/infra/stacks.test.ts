import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { Stack, type CfnElement } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS } from '../../domain/business';
import { EVENT_SOURCE, eventCatalog, multiEventConsumers } from '../../events/catalog';
import { queueConsumers } from '../../functions/queues';
import { tableSchema } from '../../functions/lib/table/schema';
import { httpRoutes, webSocketRoutes, type Grant, type HttpRoute } from '../../functions/routes';
import { scheduledJobs } from '../../functions/schedules';
import { VIEWER_ADDRESS_HEADER } from '../../functions/lib/client-address';
import { ORIGIN_VERIFY_HEADER } from '../../functions/lib/http';
import { ORIGIN_VERIFY_SECRET_ENV, routeContextOf } from '../../infra/stacks/http-api-stack';
import { buildShopApp, type ShopStacks } from '../../infra/stacks/shop-app';
import { LAMBDA_ESBUILD_OPTIONS, ShopFunction } from '../../infra/stacks/shop-function';
import { REPO_ROOT } from '../../infra/stacks/settings';
import {
  API_REQUESTS_PER_ADDRESS,
  RATE_EVALUATION_WINDOW_SECONDS,
  SITE_REQUESTS_PER_ADDRESS,
} from '../../infra/stacks/waf-stack';
import { forwardViewerAddress, rewriteToPrerenderedPage } from '../../infra/stacks/web-stack';

let stacks: ShopStacks;
let assembly: CloudAssembly;
/** Every stack of the app, nested stacks included. */
let allStacks: Stack[];
const templates = new Map<Stack, Template>();
const template = (stack: Stack) => templates.get(stack)!;
const logicalId = (stack: Stack, construct: IConstruct) =>
  stack.getLogicalId(construct.node.defaultChild as CfnElement);
const shopFunction = (stack: Stack, id: string) => (stack.node.findChild(id) as ShopFunction).fn;
/** The nested stack holding a route's function, route and integration: its bounded context's. */
const routeStack = (route: HttpRoute) => stacks.httpApi.routeStacks.get(routeContextOf(route))!;

beforeAll(() => {
  // No Lambda bundling here: 'functions' bundles every handler once, in one esbuild run.
  const built = buildShopApp({ context: { 'aws:cdk:bundling-stacks': [] } });
  stacks = built.stacks;
  // Synthesis runs cdk-nag and throws when it reports an unacknowledged error.
  assembly = built.app.synth();
  allStacks = built.app.node.findAll().filter((c): c is Stack => Stack.isStack(c));
  for (const stack of allStacks) templates.set(stack, Template.fromStack(stack));
});

/**
 * What a nested stack's parameter is given by its parent: a value the nested template reads as
 * `{ Ref: <parameter> }` is the parent's value (CDK passes the parent's resources in that way).
 */
function valueFromParent(nested: Stack, value: unknown, parentTemplate = template(nested.nestedStackParent!)): unknown {
  const parameter = (value as { Ref?: string }).Ref;
  if (!parameter) return value;
  const stackResourceId = nested.nestedStackParent!.resolve(
    (nested.nestedStackResource as CfnElement).logicalId,
  ) as string;
  return parentTemplate.toJSON().Resources[stackResourceId].Properties.Parameters[parameter];
}

const consumers = eventCatalog.flatMap((event) => event.consumers.map((consumer) => ({ event, consumer })));
const declaredFunctions: Array<{ stack: () => Stack; id: string; grants: readonly Grant[] }> = [
  ...httpRoutes.map((r) => ({ stack: () => routeStack(r), id: r.id, grants: r.grants })),
  ...webSocketRoutes.map((r) => ({ stack: () => stacks.webSocket, id: r.id, grants: r.grants })),
  ...consumers.map(({ consumer }) => ({ stack: () => stacks.events, id: consumer.id, grants: consumer.grants })),
  ...scheduledJobs.map((job) => ({ stack: () => stacks.events, id: job.id, grants: job.grants })),
  ...multiEventConsumers.map((consumer) => ({ stack: () => stacks.events, id: consumer.id, grants: consumer.grants })),
  ...queueConsumers.map((consumer) => ({ stack: () => stacks.events, id: consumer.id, grants: consumer.grants })),
];

interface PolicyStatement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
}

/** The statements of the policies on a function's role. */
function roleStatements(stack: Stack, fn: ReturnType<typeof shopFunction>): PolicyStatement[] {
  const roleId = logicalId(stack, fn.role!);
  return Object.values(template(stack).findResources('AWS::IAM::Policy'))
    .filter((p) => p.Properties.Roles.some((r: unknown) => JSON.stringify(r) === JSON.stringify({ Ref: roleId })))
    .flatMap((p) => p.Properties.PolicyDocument.Statement as PolicyStatement[]);
}

/** The API's routes in `stack`: route key and authorization type. */
const apiRoutesIn = (stack: Stack) =>
  Object.values(template(stack).findResources('AWS::ApiGatewayV2::Route')).map((r) => [
    r.Properties.RouteKey,
    r.Properties.AuthorizationType,
  ]);

describe('HTTP API', () => {
  it('has exactly the declared routes, JWT-authorized unless public, each in the nested stack of its bounded context', () => {
    const actual = [...stacks.httpApi.routeStacks.values()].flatMap(apiRoutesIn);
    const expected = httpRoutes.map((r) => [`${r.method} ${r.path}`, r.access === 'public' ? 'NONE' : 'JWT']);
    expect(actual.sort()).toEqual(expected.sort());
    expect(apiRoutesIn(stacks.httpApi)).toEqual([]);
    for (const route of httpRoutes) {
      expect(apiRoutesIn(routeStack(route)), route.id).toContainEqual([
        `${route.method} ${route.path}`,
        expect.any(String),
      ]);
    }
  });

  it("keeps every stack, nested stacks included, well under CloudFormation's 500 resources", () => {
    for (const stack of allStacks) {
      expect(Object.keys(template(stack).toJSON().Resources).length, stack.node.path).toBeLessThanOrEqual(450);
    }
  });

  it('puts every route that needs a signed-in caller behind the Cognito JWT authorizer of the web client', () => {
    const adminRoute: HttpRoute = {
      id: 'AdminProbe',
      method: 'GET',
      path: '/api/admin/probe',
      handler: httpRoutes[0]!.handler,
      access: 'admin',
      grants: [],
    };
    const withAdminRoute = buildShopApp({ context: { 'aws:cdk:bundling-stacks': [] } }, [...httpRoutes, adminRoute])
      .stacks.httpApi;
    const api = Template.fromStack(withAdminRoute);
    const probeStack = withAdminRoute.routeStacks.get(routeContextOf(adminRoute))!;
    const [probe] = Object.values(
      Template.fromStack(probeStack).findResources('AWS::ApiGatewayV2::Route', {
        Properties: { RouteKey: 'GET /api/admin/probe' },
      }),
    );
    expect(probe!.Properties.AuthorizationType).toBe('JWT');
    const [authorizerId] = Object.keys(api.findResources('AWS::ApiGatewayV2::Authorizer'));
    expect(valueFromParent(probeStack, probe!.Properties.AuthorizerId, api)).toEqual({ Ref: authorizerId });
    api.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: { Audience: [Match.anyValue()], Issuer: Match.anyValue() },
    });
    const [authorizer] = Object.values(api.findResources('AWS::ApiGatewayV2::Authorizer'));
    expect(JSON.stringify(authorizer?.Properties.JwtConfiguration.Issuer)).toContain('https://cognito-idp.');
  });

  it('logs access and throttles the $default stage', () => {
    template(stacks.httpApi).hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.anyValue() },
      DefaultRouteSettings: { ThrottlingRateLimit: Match.anyValue(), ThrottlingBurstLimit: Match.anyValue() },
    });
  });

  it('throttles each route that declares a throttle, on the stage, once the route exists', () => {
    const declared = httpRoutes.filter((r) => r.throttle);
    expect(declared.map((r) => r.id).sort()).toEqual([
      'BookAppointment',
      'CancelAppointmentByToken',
      'CreateQuotes',
      'CreateRegistration',
      'CreateResumeUpload',
      'CreateReturnPhotoUpload',
      'PunchoutCxml',
      'RescheduleAppointmentByToken',
      'StartChat',
      'SubmitContactMessage',
      'SubmitJobApplication',
      'SubmitReturnRequest',
      'SubmitSampleRequest',
    ]);
    const [stage] = Object.values(template(stacks.httpApi).findResources('AWS::ApiGatewayV2::Stage'));
    expect(stage!.Properties.RouteSettings).toEqual(
      Object.fromEntries(
        declared.map((r) => [
          `${r.method} ${r.path}`,
          { ThrottlingRateLimit: r.throttle!.rateLimit, ThrottlingBurstLimit: r.throttle!.burstLimit },
        ]),
      ),
    );
    // A route in a nested stack is depended on through that stack.
    const routeStackIds = declared.map((r) =>
      stacks.httpApi.resolve((routeStack(r).nestedStackResource as CfnElement).logicalId),
    );
    expect(stage!.DependsOn).toEqual(expect.arrayContaining(routeStackIds));
  });

  it('has no execute-api endpoint: only its own domain, mapped to the stage, reaches it', () => {
    const api = template(stacks.httpApi);
    api.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'HTTP', DisableExecuteApiEndpoint: true });
    api.hasResourceProperties('AWS::ApiGatewayV2::DomainName', {
      DomainName: 'api.hillbrookblinds.com',
      DomainNameConfigurations: [{ CertificateArn: Match.anyValue(), EndpointType: 'REGIONAL' }],
    });
    api.hasResourceProperties('AWS::ApiGatewayV2::ApiMapping', {
      Stage: '$default',
      DomainName: { Ref: Match.stringLikeRegexp('^ApiDomain') },
    });
  });

  it('takes the API domain and its certificate from CDK context, or requests a DNS-validated one', () => {
    const certificateArn = 'arn:aws:acm:us-east-1:111122223333:certificate/0a1b2c3d-1111-2222-3333-444455556666';
    const withContext = buildShopApp({
      context: { apiDomainName: 'api.example.com', apiCertificateArn: certificateArn, 'aws:cdk:bundling-stacks': [] },
    }).stacks.httpApi;
    const api = Template.fromStack(withContext);
    api.resourceCountIs('AWS::CertificateManager::Certificate', 0);
    api.hasResourceProperties('AWS::ApiGatewayV2::DomainName', {
      DomainName: 'api.example.com',
      DomainNameConfigurations: [{ CertificateArn: certificateArn, EndpointType: 'REGIONAL' }],
    });
    template(stacks.httpApi).hasResourceProperties('AWS::CertificateManager::Certificate', {
      DomainName: 'api.hillbrookblinds.com',
      ValidationMethod: 'DNS',
    });
  });
});

describe("the API's origin secret", () => {
  const secretRef = () => ({ Ref: logicalId(stacks.httpApi, stacks.httpApi.originSecret) });

  it('is generated by Secrets Manager: its value is in no template', () => {
    const secrets = Object.values(template(stacks.httpApi).findResources('AWS::SecretsManager::Secret'));
    expect(secrets).toHaveLength(1);
    expect(secrets[0]!.Properties).toMatchObject({
      GenerateSecretString: { PasswordLength: 64, ExcludePunctuation: true },
    });
    expect(secrets[0]!.Properties.SecretString).toBeUndefined();
  });

  it('is named to every HTTP route function, which may read it, so no deployed route runs without the check', () => {
    for (const route of httpRoutes) {
      const stack = routeStack(route);
      const fn = shopFunction(stack, route.id);
      const env = template(stack).toJSON().Resources[logicalId(stack, fn)].Properties.Environment.Variables;
      expect(valueFromParent(stack, env[ORIGIN_VERIFY_SECRET_ENV]), route.id).toEqual(secretRef());
      const reads = roleStatements(stack, fn).filter((s) =>
        [s.Action].flat().includes('secretsmanager:GetSecretValue'),
      );
      expect(
        reads.map((s) => valueFromParent(stack, s.Resource)),
        route.id,
      ).toEqual([secretRef()]);
    }
  });
});

describe('WebSocket API', () => {
  it('has exactly the declared routes on an auto-deployed stage "live"', () => {
    const routes = template(stacks.webSocket).findResources('AWS::ApiGatewayV2::Route');
    expect(
      Object.values(routes)
        .map((r) => r.Properties.RouteKey)
        .sort(),
    ).toEqual(webSocketRoutes.map((r) => r.routeKey).sort());
    template(stacks.webSocket).hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: 'live',
      AutoDeploy: true,
    });
  });
});

describe('events', () => {
  it('has one rule per declared consumer, matching its event, retried into a dead-letter queue', () => {
    const events = template(stacks.events);
    const rules = Object.values(events.findResources('AWS::Events::Rule')).filter((r) => r.Properties.EventPattern);
    expect(rules).toHaveLength(consumers.length + multiEventConsumers.length);
    for (const { event, consumer } of consumers) {
      const fnLogicalId = logicalId(stacks.events, shopFunction(stacks.events, consumer.id));
      const matching = rules.filter(
        (r) => JSON.stringify(r.Properties.Targets[0].Arn) === JSON.stringify({ 'Fn::GetAtt': [fnLogicalId, 'Arn'] }),
      );
      expect(matching, consumer.id).toHaveLength(1);
      expect(matching[0]!.Properties.EventPattern).toEqual({ source: [EVENT_SOURCE], 'detail-type': [event.name] });
      expect(matching[0]!.Properties.Targets[0].DeadLetterConfig).toBeDefined();
      expect(matching[0]!.Properties.Targets[0].RetryPolicy.MaximumRetryAttempts).toBeGreaterThan(0);
    }
  });

  it('delivers every event of a multi-event consumer through one rule, retried into the dead-letter queue', () => {
    const rules = Object.values(template(stacks.events).findResources('AWS::Events::Rule'));
    for (const consumer of multiEventConsumers) {
      const fnLogicalId = logicalId(stacks.events, shopFunction(stacks.events, consumer.id));
      const matching = rules.filter(
        (r) => JSON.stringify(r.Properties.Targets[0].Arn) === JSON.stringify({ 'Fn::GetAtt': [fnLogicalId, 'Arn'] }),
      );
      expect(matching, consumer.id).toHaveLength(1);
      expect(matching[0]!.Properties.EventPattern).toEqual({
        source: [EVENT_SOURCE],
        'detail-type': [...consumer.events],
      });
      expect(matching[0]!.Properties.Targets[0].DeadLetterConfig).toBeDefined();
    }
  });

  it('feeds each queue to its function one message at a time, the queue hiding a message for six time-outs', () => {
    const events = template(stacks.events);
    for (const consumer of queueConsumers) {
      const fnLogicalId = logicalId(stacks.events, shopFunction(stacks.events, consumer.id));
      events.hasResourceProperties('AWS::SQS::Queue', {
        QueueName: consumer.queueName,
        VisibilityTimeout: consumer.timeoutSeconds * 6,
        SqsManagedSseEnabled: true,
      });
      events.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        FunctionName: { Ref: fnLogicalId },
        BatchSize: 1,
      });
    }
  });

  it('runs every scheduled job at its rate, on the default bus, retried into the dead-letter queue', () => {
    const schedules = Object.values(template(stacks.events).findResources('AWS::Events::Rule')).filter(
      (r) => r.Properties.ScheduleExpression,
    );
    expect(schedules).toHaveLength(scheduledJobs.length);
    for (const job of scheduledJobs) {
      const fnLogicalId = logicalId(stacks.events, shopFunction(stacks.events, job.id));
      const matching = schedules.filter(
        (r) => JSON.stringify(r.Properties.Targets[0].Arn) === JSON.stringify({ 'Fn::GetAtt': [fnLogicalId, 'Arn'] }),
      );
      expect(matching, job.id).toHaveLength(1);
      expect(matching[0]!.Properties.ScheduleExpression).toBe(
        `rate(${job.rateMinutes} ${job.rateMinutes === 1 ? 'minute' : 'minutes'})`,
      );
      expect(matching[0]!.Properties.EventBusName).toBeUndefined();
      expect(matching[0]!.Properties.Targets[0].DeadLetterConfig).toBeDefined();
    }
  });

  it('sends an event a consumer failed on to the dead-letter queue, whose recorder knows every consumer and job by its function', () => {
    const events = template(stacks.events);
    const deadLetters = logicalId(stacks.events, stacks.events.deadLetters);
    for (const consumer of [...consumers.map(({ consumer }) => consumer), ...multiEventConsumers]) {
      const fnLogicalId = logicalId(stacks.events, shopFunction(stacks.events, consumer.id));
      events.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
        FunctionName: { Ref: fnLogicalId },
        DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [deadLetters, 'Arn'] } } },
      });
    }
    const recorder = logicalId(stacks.events, shopFunction(stacks.events, 'RecordDeadLetters'));
    events.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: recorder },
      EventSourceArn: { 'Fn::GetAtt': [deadLetters, 'Arn'] },
    });
    const targets = JSON.stringify(
      events.toJSON().Resources[recorder].Properties.Environment.Variables.DEAD_LETTER_TARGETS,
    );
    for (const id of [
      ...consumers.map(({ consumer }) => consumer.id),
      ...multiEventConsumers.map((c) => c.id),
      ...scheduledJobs.map((j) => j.id),
    ]) {
      expect(targets, id).toContain(`\\"${id}\\"`);
    }
  });

  it('publishes to the bus shop-events and alarms on dead letters', () => {
    template(stacks.events).hasResourceProperties('AWS::Events::EventBus', { Name: 'shop-events' });
    template(stacks.events).hasResourceProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true });
    template(stacks.events).hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Threshold: 1,
    });
  });
});

describe('data', () => {
  it('creates the single table from the schema, protected and recoverable', () => {
    template(stacks.data).hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      Properties: {
        KeySchema: [
          { AttributeName: tableSchema.partitionKey, KeyType: 'HASH' },
          { AttributeName: tableSchema.sortKey, KeyType: 'RANGE' },
        ],
        BillingMode: 'PAY_PER_REQUEST',
        TimeToLiveSpecification: { AttributeName: tableSchema.ttlAttribute, Enabled: true },
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        DeletionProtectionEnabled: true,
        GlobalSecondaryIndexes: tableSchema.globalIndexes.map((index) => ({
          IndexName: index.name,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      },
    });
  });
});

describe('auth', () => {
  it('signs in by e-mail with the shop password rule and has the admin group', () => {
    template(stacks.auth).hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Policies: {
        PasswordPolicy: { MinimumLength: 8, RequireUppercase: true, RequireLowercase: true, RequireNumbers: true },
      },
    });
    template(stacks.auth).hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: Match.arrayWith(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH']),
    });
    template(stacks.auth).hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'admin' });
  });

  it("sends Cognito's mails through the CustomMessage trigger, a function knowing only the deployment settings", () => {
    const auth = template(stacks.auth).toJSON().Resources;
    const triggerId = logicalId(stacks.auth, shopFunction(stacks.auth, 'CustomMessage'));
    const [pool] = Object.values(template(stacks.auth).findResources('AWS::Cognito::UserPool'));
    expect(pool!.Properties.LambdaConfig).toEqual({ CustomMessage: { 'Fn::GetAtt': [triggerId, 'Arn'] } });
    const trigger = auth[triggerId].Properties;
    expect(trigger.Runtime).toBe('nodejs22.x');
    expect(trigger.Architectures).toEqual(['arm64']);
    expect(trigger.Environment.Variables).toEqual({
      SITE_URL: BUSINESS.siteUrl,
      MAIL_FROM: expect.any(String),
      STAFF_EMAIL: expect.any(String),
    });
    template(stacks.auth).hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'cognito-idp.amazonaws.com',
      FunctionName: { 'Fn::GetAtt': [triggerId, 'Arn'] },
    });
  });
});

describe('functions', () => {
  it('bundles the module of every function with the arguments NodejsFunction gives esbuild', async () => {
    const files = [
      ...new Set(
        stacks.data.node.root.node
          .findAll()
          .filter((c): c is ShopFunction => c instanceof ShopFunction)
          .map((fn) => fn.handler.file),
      ),
    ];
    // One esbuild run for all of them (throwing with esbuild's errors): synthesis ran it once per module.
    const { metafile } = await build({
      ...LAMBDA_ESBUILD_OPTIONS,
      absWorkingDir: REPO_ROOT,
      entryPoints: files,
      outdir: join(tmpdir(), 'shop-lambda-bundles'),
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const bundled = Object.values(metafile.outputs).flatMap((output) => output.entryPoint ?? []);
    expect(bundled.sort()).toEqual(files.sort());
  });

  it('runs every declared handler on Node.js 22, arm64', () => {
    for (const { stack, id } of declaredFunctions) {
      const resource = template(stack()).toJSON().Resources[logicalId(stack(), shopFunction(stack(), id))];
      expect(resource.Properties.Runtime, id).toBe('nodejs22.x');
      expect(resource.Properties.Architectures, id).toEqual(['arm64']);
    }
  });

  // One action that each grant, and only that grant, gives (payments and appointments:token give environment, checked below).
  const evidence: Record<Exclude<Grant, 'payments' | 'appointments:token'>, string> = {
    'table:read': 'dynamodb:GetItem',
    'table:write': 'dynamodb:PutItem',
    'bus:publish': 'events:PutEvents',
    'bus:describe': 'events:DescribeEventBus',
    'userPool:read': 'cognito-idp:DescribeUserPool',
    'userPool:admin': 'cognito-idp:AdminCreateUser',
    'userPool:readUsers': 'cognito-idp:AdminGetUser',
    'storage:read': 's3:GetObject*',
    'storage:write': 's3:PutObject',
    'mail:send': 'ses:SendEmail',
    'websocket:post': 'execute-api:ManageConnections',
    'webhooks:enqueue': 'sqs:SendMessage',
    'consumers:invoke': 'lambda:InvokeFunction',
  };
  const implied: Partial<Record<Grant, Grant[]>> = {
    'table:write': ['table:read'],
    'storage:write': ['storage:read'],
    'userPool:admin': ['userPool:readUsers'],
  };

  it.each(declaredFunctions.map((f) => [f.id, f] as const))(
    '%s has exactly its declared permissions',
    (id, declared) => {
      const stack = declared.stack();
      const fn = shopFunction(stack, id);
      // Every event consumer may also send its failed deliveries to the dead-letter queue (its on-failure destination), whatever its grants.
      const deadLetters = logicalId(stacks.events, stacks.events.deadLetters);
      const statements = roleStatements(stack, fn).filter((s) => !JSON.stringify(s.Resource).includes(deadLetters));
      const actions = new Set(statements.flatMap((s) => [s.Action].flat()));
      const granted = new Set(declared.grants.flatMap((g) => [g, ...(implied[g] ?? [])]));
      for (const [grant, action] of Object.entries(evidence)) {
        expect(actions.has(action), `${id} ${grant} (${action})`).toBe(granted.has(grant as Grant));
      }
      const env = template(stack).toJSON().Resources[logicalId(stack, fn)].Properties.Environment.Variables;
      for (const name of [
        'TABLE_NAME',
        'EVENT_BUS_NAME',
        'UPLOADS_BUCKET',
        'USER_POOL_ID',
        'USER_POOL_CLIENT_ID',
        'MAIL_FROM',
        'STAFF_EMAIL',
        'SITE_URL',
      ]) {
        expect(env[name], `${id} ${name}`).toBeDefined();
      }
      expect('WEBSOCKET_MANAGEMENT_URL' in env, `${id} WEBSOCKET_MANAGEMENT_URL`).toBe(granted.has('websocket:post'));
      for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']) {
        expect(name in env, `${id} ${name}`).toBe(granted.has('payments'));
      }
      if (granted.has('payments'))
        expect(JSON.stringify(env.STRIPE_SECRET_KEY)).toContain(
          '{{resolve:secretsmanager:hill-brook-blinds/stripe:SecretString:secretKey',
        );
      expect('APPOINTMENT_TOKEN_KEY' in env, `${id} APPOINTMENT_TOKEN_KEY`).toBe(granted.has('appointments:token'));
      if (granted.has('appointments:token'))
        expect(JSON.stringify(env.APPOINTMENT_TOKEN_KEY)).toContain(
          '{{resolve:secretsmanager:hill-brook-blinds/appointment-token:SecretString',
        );
    },
  );
});

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
      context: { analytics: JSON.stringify(analytics), 'aws:cdk:bundling-stacks': [] },
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

describe('WAF', () => {
  const rules = () => {
    const [acl] = Object.values(template(stacks.waf).findResources('AWS::WAFv2::WebACL'));
    expect(acl!.Properties).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
    return acl!.Properties.Rules as Array<{
      Name: string;
      Statement: { RateBasedStatement: Record<string, unknown> };
      Action: unknown;
    }>;
  };

  it('limits the requests of each client address to the API and to the whole site, answering 429', () => {
    expect(stacks.waf.region).toBe('us-east-1');
    const limits = rules()
      .slice(0, 2)
      .map(({ Statement, Action }) => {
        expect(Statement.RateBasedStatement).toMatchObject({
          AggregateKeyType: 'IP',
          EvaluationWindowSec: RATE_EVALUATION_WINDOW_SECONDS,
        });
        expect(Action).toMatchObject({ Block: { CustomResponse: { ResponseCode: 429 } } });
        return [
          Statement.RateBasedStatement.Limit,
          JSON.stringify(Statement.RateBasedStatement.ScopeDownStatement ?? null),
        ];
      });
    expect(limits).toEqual([
      [API_REQUESTS_PER_ADDRESS, expect.stringContaining('"SearchString":"/api/"')],
      [SITE_REQUESTS_PER_ADDRESS, 'null'],
    ]);
  });

  /** A request's method and path, as a caller would send it to `route` (any value in each parameter). */
  const requestTo = (route: HttpRoute) => ({
    method: route.method,
    path: route.path.replace(/\{[A-Za-z0-9_]+\+?\}/g, 'a-value'),
  });

  /** Whether a rule's scope-down takes a request: its method and path statements, as WAF reads them. */
  function scopeTakes(statement: Record<string, any>, request: { method: string; path: string }): boolean {
    if (statement.OrStatement)
      return statement.OrStatement.Statements.some((inner: Record<string, any>) => scopeTakes(inner, request));
    if (statement.AndStatement)
      return statement.AndStatement.Statements.every((inner: Record<string, any>) => scopeTakes(inner, request));
    if (statement.ByteMatchStatement) {
      expect(statement.ByteMatchStatement).toMatchObject({
        FieldToMatch: { Method: {} },
        PositionalConstraint: 'EXACTLY',
      });
      return statement.ByteMatchStatement.SearchString === request.method;
    }
    expect(statement.RegexMatchStatement.FieldToMatch).toEqual({ UriPath: {} });
    return new RegExp(statement.RegexMatchStatement.RegexString).test(request.path);
  }

  it('limits each client address on the routes of each declared rate per address, and on no other route', () => {
    const declared = new Map(
      httpRoutes.flatMap((route) =>
        route.throttle?.perAddress ? [[route.throttle.perAddress.name, route.throttle.perAddress] as const] : [],
      ),
    );
    const scoped = rules().slice(2);
    expect(scoped.map((rule) => rule.Name).sort()).toEqual([...declared.keys()].sort());
    for (const { Name, Statement, Action } of scoped) {
      const rate = declared.get(Name)!;
      expect(Statement.RateBasedStatement).toMatchObject({
        AggregateKeyType: 'IP',
        Limit: rate.limit,
        EvaluationWindowSec: rate.windowSeconds,
      });
      expect(Action).toMatchObject({
        Block: {
          CustomResponse: {
            ResponseCode: 429,
            ResponseHeaders: [{ Name: 'retry-after', Value: String(rate.windowSeconds) }],
          },
        },
      });
      const scope = Statement.RateBasedStatement.ScopeDownStatement as Record<string, any>;
      const taken = httpRoutes.filter((route) => scopeTakes(scope, requestTo(route)));
      expect(taken.map((route) => route.id).sort()).toEqual(
        httpRoutes
          .filter((route) => route.throttle?.perAddress?.name === Name)
          .map((route) => route.id)
          .sort(),
      );
    }
  });

  it('sets every route throttle above what one client address may send the route, so only a crowd reaches it', () => {
    for (const route of httpRoutes.filter((candidate) => candidate.throttle)) {
      const perAddress = route.throttle!.perAddress;
      const oneAddressPerSecond = Math.min(
        API_REQUESTS_PER_ADDRESS / RATE_EVALUATION_WINDOW_SECONDS,
        perAddress ? perAddress.limit / perAddress.windowSeconds : Infinity,
      );
      expect(route.throttle!.rateLimit, route.id).toBeGreaterThan(oneAddressPerSecond);
    }
  });

  it('is attached to the distribution', () => {
    const [distribution] = Object.values(template(stacks.web).findResources('AWS::CloudFront::Distribution'));
    expect(JSON.stringify(distribution!.Properties.DistributionConfig.WebACLId)).toMatch(/ShopWaf.*EdgeWebAcl/);
  });

  it('stays in us-east-1 when the shop is deployed in another region, its ARN read across regions', () => {
    const region = process.env.CDK_DEFAULT_REGION;
    process.env.CDK_DEFAULT_REGION = 'us-east-2';
    try {
      // No Lambda bundling: this checks where the stacks are and how they reference each other.
      const { app, stacks: elsewhere } = buildShopApp({ context: { 'aws:cdk:bundling-stacks': [] } });
      const synthesized = app.synth();
      expect([elsewhere.web.region, elsewhere.httpApi.region, elsewhere.waf.region]).toEqual([
        'us-east-2',
        'us-east-2',
        'us-east-1',
      ]);
      const web = Template.fromStack(elsewhere.web);
      web.resourceCountIs('Custom::CrossRegionExportReader', 1);
      const [distribution] = Object.values(web.findResources('AWS::CloudFront::Distribution'));
      expect(JSON.stringify(distribution!.Properties.DistributionConfig.WebACLId)).toMatch(/ExportsReader.*EdgeWebAcl/);
      expect(nagErrors(synthesized.directory)).toEqual([]);
    } finally {
      if (region === undefined) delete process.env.CDK_DEFAULT_REGION;
      else process.env.CDK_DEFAULT_REGION = region;
    }
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

/** The AWS Solutions findings of a synthesis that no acknowledgment accepts. */
function nagErrors(assemblyDirectory: string): string[] {
  const report = JSON.parse(readFileSync(join(assemblyDirectory, 'validation-report.json'), 'utf8')) as {
    pluginReports: Array<{ pluginName: string; violations: Array<{ ruleName: string; severity: string }> }>;
  };
  return report.pluginReports
    .filter((r) => r.pluginName === 'AwsSolutions')
    .flatMap((r) => r.violations)
    .filter((v) => v.severity === 'error')
    .map((v) => v.ruleName);
}

describe('cdk-nag (AWS Solutions)', () => {
  it('reports no unacknowledged error', () => {
    expect(nagErrors(assembly.directory)).toEqual([]);
  });
});
