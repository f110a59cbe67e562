import { Stack } from 'aws-cdk-lib';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { httpRoutes } from '../../functions/routes';
import { REPO_ROOT } from '../../infra/stacks/settings';
import { RUNBOOK } from '../../infra/stacks/monitoring';
import { buildShopApp } from '../../infra/stacks/shop-app';
import { POWERTOOLS_VERSION, ShopFunction } from '../../infra/stacks/shop-function';
import { routeContextOf } from '../../infra/stacks/http-api-stack';
import { allStacks, logicalId, stacks, synthesizeShop, template, WITHOUT_BUNDLING } from './synthesized-shop';

synthesizeShop();

type Resource = { Type: string; Properties: Record<string, unknown> };

const resourcesOfType = (type: string, among: readonly Stack[] = allStacks) =>
  among.flatMap((stack) => Object.values(template(stack).findResources(type)) as Resource[]);

/** The anchors GitHub gives the runbook's headings. */
function runbookAnchors(): Set<string> {
  const markdown = readFileSync(join(REPO_ROOT, RUNBOOK), 'utf8');
  return new Set(
    [...markdown.matchAll(/^#{2,4} (.+)$/gm)].map(([, heading]) =>
      heading!
        .toLowerCase()
        .replace(/[^\w\s-]/g, '')
        .trim()
        .replace(/\s/g, '-'),
    ),
  );
}

describe('alarms that reach someone', () => {
  it('every alarm mails ops through the alarm topic and links to its section of the runbook', () => {
    const alarms = resourcesOfType('AWS::CloudWatch::Alarm');
    expect(alarms.length).toBeGreaterThanOrEqual(8);
    const topicId = stacks.operations.getLogicalId(stacks.operations.alarmTopic.node.defaultChild as never);
    const anchors = runbookAnchors();
    for (const alarm of alarms) {
      const description = JSON.stringify(alarm.Properties.AlarmDescription);
      const actions = JSON.stringify(alarm.Properties.AlarmActions);
      // In its own stack the topic is a Ref; elsewhere an import of its export or a nested stack's parameter.
      expect(actions, description).toMatch(new RegExp(`${topicId}|OperationsAlarms|referencetoShopOperations`));
      const section = new RegExp(`${RUNBOOK.replace('.', '\\.')}#([a-z0-9-]+)`).exec(description)?.[1];
      expect(section, description).toBeDefined();
      expect(anchors, `${RUNBOOK} has no section #${section}`).toContain(section);
    }
  });

  it('watches what the issue lists: API 5xx and latency, functions, the table, dead letters, payments, mail', () => {
    const metricsAlarmed = resourcesOfType('AWS::CloudWatch::Alarm').flatMap((alarm) => {
      const metrics = (alarm.Properties.Metrics as Array<{ MetricStat?: { Metric: { MetricName: string } } }>) ?? [];
      return [
        alarm.Properties.MetricName as string | undefined,
        ...metrics.map((metric) => metric.MetricStat?.Metric.MetricName),
      ].filter((name): name is string => name !== undefined);
    });
    for (const metric of [
      '5xx',
      'Latency',
      'Errors',
      'Throttles',
      'ReadThrottleEvents',
      'WriteThrottleEvents',
      'SystemErrors',
      'NumberOfMessagesReceived',
      'PaymentsFlagged',
      'WebhookDeliveriesFailed',
      'MailsRefused',
      'Reputation.BounceRate',
      'Reputation.ComplaintRate',
    ])
      expect(metricsAlarmed, metric).toContain(metric);
  });

  it('a dashboard per bounded context with HTTP routes, and one for the business', () => {
    const names = resourcesOfType('AWS::CloudWatch::Dashboard').map((dashboard) =>
      JSON.stringify(dashboard.Properties.DashboardName),
    );
    for (const context of new Set(httpRoutes.map(routeContextOf)))
      expect(names.some((name) => name.includes(`Shop-${context}`))).toBe(true);
    expect(names.some((name) => name.includes('Shop-business'))).toBe(true);
  });

  it("traces every function of the shop with X-Ray, and its calls with the tracer of Powertools' layer", () => {
    const shopFunctions = [
      ...new Set(allStacks.flatMap((stack) => stack.node.findAll()).filter((c) => c instanceof ShopFunction)),
    ];
    expect(shopFunctions.length).toBeGreaterThan(100);
    for (const { fn, handler } of shopFunctions) {
      const stack = Stack.of(fn);
      const json = template(stack).toJSON();
      const properties = json.Resources[logicalId(stack, fn)].Properties;
      expect(properties.TracingConfig, handler.file).toEqual({ Mode: 'Active' });
      expect(properties.Environment.Variables.POWERTOOLS_TRACE_ENABLED, handler.file).toBe('true');
      const [layer] = properties.Layers as Array<{ Ref: string }>;
      expect(properties.Layers, handler.file).toHaveLength(1);
      expect(json.Parameters[layer!.Ref].Default, handler.file).toBe(
        `/aws/service/powertools/typescript/generic/all/${POWERTOOLS_VERSION}`,
      );
    }
  });
});

/** The resources whose name must be unique in an account and region, and the property naming them. */
const UNIQUE_NAMES: Record<string, string> = {
  'AWS::Events::EventBus': 'Name',
  'AWS::SQS::Queue': 'QueueName',
  'AWS::CloudWatch::Dashboard': 'DashboardName',
  'AWS::CloudWatch::Alarm': 'AlarmName',
};

describe('a second stage in the same account', () => {
  it('-c stage=staging names every stack and every named resource apart from production, and mails -c opsEmail', () => {
    const staging = buildShopApp({
      context: { ...WITHOUT_BUNDLING, stage: 'staging', opsEmail: 'ops@example.com' },
    }).app.synth({ skipValidation: true });
    const stagingTemplates = staging.stacksRecursively.map(
      (stack) => stack.template as { Resources?: Record<string, Resource> },
    );
    const productionTemplates = allStacks.map(
      (stack) => template(stack).toJSON() as { Resources?: Record<string, Resource> },
    );
    const namesIn = (templates: typeof stagingTemplates) =>
      templates.flatMap((t) =>
        Object.values(t.Resources ?? {}).flatMap((resource) => {
          const key = UNIQUE_NAMES[resource.Type];
          const name = key && resource.Properties?.[key];
          return typeof name === 'string' ? [name] : [];
        }),
      );

    const productionStacks = allStacks.filter((stack) => !stack.nested).map((stack) => stack.stackName);
    const stagingStacks = staging.stacks.map((stack) => stack.stackName);
    expect(stagingStacks).toHaveLength(productionStacks.length);
    for (const stackName of stagingStacks) expect(productionStacks).not.toContain(stackName);
    const productionNames = namesIn(productionTemplates);
    const stagingNames = namesIn(stagingTemplates);
    expect(stagingNames.length).toBeGreaterThan(10);
    for (const name of stagingNames) expect(productionNames, name).not.toContain(name);
    expect(JSON.stringify(stagingTemplates)).toContain('hill-brook-blinds-staging/stripe');
    expect(JSON.stringify(productionTemplates)).not.toContain('-staging');

    const subscriptions = stagingTemplates.flatMap((t) =>
      Object.values(t.Resources ?? {}).filter((resource) => resource.Type === 'AWS::SNS::Subscription'),
    );
    expect(subscriptions.map((subscription) => subscription.Properties)).toEqual([
      expect.objectContaining({ Protocol: 'email', Endpoint: 'ops@example.com' }),
    ]);
  });
});
