import type { Stack } from 'aws-cdk-lib';
import { build } from 'esbuild';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EVENT_SOURCE, eventCatalog, multiEventConsumers } from '#events/catalog';
import { queueConsumers } from '../../functions/queues';
import { httpRoutes, webSocketRoutes } from '../../functions/routes';
import type { Grant } from '../../functions/routing';
import { LAMBDA_ESBUILD_OPTIONS, ShopFunction } from '../../infra/stacks/shop-function';
import { REPO_ROOT } from '../../infra/stacks/settings';
import { scheduledJobs } from '../../functions/schedules';
import {
  assembly,
  logicalId,
  nagErrors,
  roleStatements,
  routeStack,
  shopFunction,
  stacks,
  synthesizeShop,
  template,
} from './synthesized-shop';

synthesizeShop();

const consumers = eventCatalog.flatMap((event) => event.consumers.map((consumer) => ({ event, consumer })));
const declaredFunctions: Array<{ stack: () => Stack; id: string; grants: readonly Grant[] }> = [
  ...httpRoutes.map((r) => ({ stack: () => routeStack(r), id: r.id, grants: r.grants })),
  ...webSocketRoutes.map((r) => ({ stack: () => stacks.webSocket, id: r.id, grants: r.grants })),
  ...consumers.map(({ consumer }) => ({ stack: () => stacks.events, id: consumer.id, grants: consumer.grants })),
  ...scheduledJobs.map((job) => ({ stack: () => stacks.events, id: job.id, grants: job.grants })),
  ...multiEventConsumers.map((consumer) => ({ stack: () => stacks.events, id: consumer.id, grants: consumer.grants })),
  ...queueConsumers.map((consumer) => ({ stack: () => stacks.events, id: consumer.id, grants: consumer.grants })),
];

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

  // One action that each grant, and only that grant, gives (payments and the link keys give environment, checked below).
  const evidence: Record<Exclude<Grant, 'payments' | 'appointments:token' | 'quotes:link'>, string> = {
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
      expect('QUOTE_LINK_KEY' in env, `${id} QUOTE_LINK_KEY`).toBe(granted.has('quotes:link'));
      if (granted.has('quotes:link'))
        expect(JSON.stringify(env.QUOTE_LINK_KEY)).toContain(
          '{{resolve:secretsmanager:hill-brook-blinds/quote-link:SecretString',
        );
    },
  );
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
      MetricName: 'NumberOfMessagesReceived',
      Threshold: 1,
    });
  });
});

describe('cdk-nag (AWS Solutions)', () => {
  it('reports no unacknowledged error', () => {
    expect(nagErrors(assembly.directory)).toEqual([]);
  });
});
