import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_BUSINESS as BUSINESS } from '../support/business';
import { tableSchema } from '../../functions/lib/table/schema';
import { logicalId, shopFunction, stacks, synthesizeShop, template } from './synthesized-shop';

synthesizeShop();

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
      BUSINESS_SETTINGS: expect.any(String),
      // The layer's tracer (decision 0087), which a trigger runs too.
      POWERTOOLS_TRACE_ENABLED: 'true',
    });
    template(stacks.auth).hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'cognito-idp.amazonaws.com',
      FunctionName: { 'Fn::GetAtt': [triggerId, 'Arn'] },
    });
  });
});
