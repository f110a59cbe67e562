import { Stack, Validations, type Acknowledgment } from 'aws-cdk-lib';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';
import type { Policy } from 'aws-cdk-lib/aws-iam';
import type { IConstruct } from 'constructs';

/**
 * Acknowledges cdk-nag rules on a construct and everything under it. Every acknowledgment states
 * why the rule does not apply or what accepts the risk.
 */
export function acknowledge(scope: IConstruct, ...acknowledgments: Acknowledgment[]): void {
  for (const acknowledgment of acknowledgments) Validations.of(scope).acknowledge(acknowledgment);
}

/**
 * A value of `owner` (an ARN, an id) as `scope`'s stack will see it: the value itself in the same
 * stack, its CloudFormation import in another one (the same export CDK creates for the reference).
 */
export function referencedFrom(scope: IConstruct, owner: IConstruct, value: string): string {
  const producer = Stack.of(owner);
  return producer === Stack.of(scope) ? value : producer.exportValue(value);
}

/**
 * The id of one cdk-nag IAM5 finding on a wildcard resource, as cdk-nag renders it, so that only
 * that wildcard is acknowledged and any other one still fails the synth.
 */
export function wildcardResourceFinding(scope: IConstruct, resource: string): string {
  return `AwsSolutions-IAM5[Resource::${flattenCfnReference(Stack.of(scope).resolve(resource))}]`;
}

export function wildcardActionFinding(action: string): string {
  return `AwsSolutions-IAM5[Action::${action}]`;
}

interface PolicyDocumentJson {
  Statement?: Array<{ Effect: string; Action: string | string[]; Resource: unknown }>;
}

/** Every IAM5 finding of a policy whose resources all live in its own stack. */
export function wildcardFindingsOf(policy: Policy): string[] {
  const document = Stack.of(policy).resolve(policy.document) as PolicyDocumentJson;
  const findings = new Set<string>();
  for (const statement of document.Statement ?? []) {
    if (statement.Effect !== 'Allow') continue;
    for (const action of [statement.Action].flat())
      if (action.includes('*')) findings.add(wildcardActionFinding(action));
    for (const resource of [statement.Resource].flat()) {
      const flat = flattenCfnReference(resource);
      if (flat.includes('*')) findings.add(`AwsSolutions-IAM5[Resource::${flat}]`);
    }
  }
  return [...findings];
}
