import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { Template } from 'aws-cdk-lib/assertions';
import { Stack, type CfnElement } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll } from 'vitest';
import type { HttpRoute } from '../../functions/routing';
import { routeContextOf } from '../../infra/stacks/http-api-stack';
import { buildShopApp, type ShopStacks } from '../../infra/stacks/shop-app';
import { ShopFunction } from '../../infra/stacks/shop-function';

/**
 * The shop's CDK app as the infra tests read it: each test file synthesizes it once
 * (`synthesizeShop`) and reads its templates through these, without bundling any Lambda code: CDK
 * runs esbuild once per handler module, minutes of CPU, and the templates are the same without it
 * but for the code's assets. functions.test.ts bundles every module in one esbuild run instead.
 */
export let stacks: ShopStacks;
export let assembly: CloudAssembly;
/** Every stack of the app, nested stacks included. */
export let allStacks: Stack[];
const templates = new Map<Stack, Template>();
export const template = (stack: Stack) => templates.get(stack)!;
export const logicalId = (stack: Stack, construct: IConstruct) =>
  stack.getLogicalId(construct.node.defaultChild as CfnElement);
export const shopFunction = (stack: Stack, id: string) => (stack.node.findChild(id) as ShopFunction).fn;
/** The nested stack holding a route's function, route and integration: its bounded context's. */
export const routeStack = (route: HttpRoute) => stacks.httpApi.routeStacks.get(routeContextOf(route))!;

/** CDK context that builds the stacks without bundling any Lambda code. */
export const WITHOUT_BUNDLING = { 'aws:cdk:bundling-stacks': [] };

export function synthesizeShop(): void {
  beforeAll(() => {
    const built = buildShopApp({ context: WITHOUT_BUNDLING });
    stacks = built.stacks;
    // Synthesis runs cdk-nag and throws when it reports an unacknowledged error.
    assembly = built.app.synth();
    allStacks = built.app.node.findAll().filter((c): c is Stack => Stack.isStack(c));
    for (const stack of allStacks) templates.set(stack, Template.fromStack(stack));
  });
}

/**
 * What a nested stack's parameter is given by its parent: a value the nested template reads as
 * `{ Ref: <parameter> }` is the parent's value (CDK passes the parent's resources in that way).
 */
export function valueFromParent(
  nested: Stack,
  value: unknown,
  parentTemplate = template(nested.nestedStackParent!),
): unknown {
  const parameter = (value as { Ref?: string }).Ref;
  if (!parameter) return value;
  const stackResourceId = nested.nestedStackParent!.resolve(
    (nested.nestedStackResource as CfnElement).logicalId,
  ) as string;
  return parentTemplate.toJSON().Resources[stackResourceId].Properties.Parameters[parameter];
}

interface PolicyStatement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
}

/** The statements of the policies on a function's role. */
export function roleStatements(stack: Stack, fn: ReturnType<typeof shopFunction>): PolicyStatement[] {
  const roleId = logicalId(stack, fn.role!);
  return Object.values(template(stack).findResources('AWS::IAM::Policy'))
    .filter((p) => p.Properties.Roles.some((r: unknown) => JSON.stringify(r) === JSON.stringify({ Ref: roleId })))
    .flatMap((p) => p.Properties.PolicyDocument.Statement as PolicyStatement[]);
}

/** The AWS Solutions findings of a synthesis that no acknowledgment accepts. */
export function nagErrors(assemblyDirectory: string): string[] {
  const report = JSON.parse(readFileSync(join(assemblyDirectory, 'validation-report.json'), 'utf8')) as {
    pluginReports: Array<{ pluginName: string; violations: Array<{ ruleName: string; severity: string }> }>;
  };
  return report.pluginReports
    .filter((r) => r.pluginName === 'AwsSolutions')
    .flatMap((r) => r.violations)
    .filter((v) => v.severity === 'error')
    .map((v) => v.ruleName);
}
