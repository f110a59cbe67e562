import { CustomResource, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { RetentionDays, LogGroup } from 'aws-cdk-lib/aws-logs';
import { Provider } from 'aws-cdk-lib/custom-resources';
import type { Construct } from 'constructs';
import { createHash } from 'node:crypto';
import { gridSeedItems } from '../../functions/catalogue/seed-items';
import { acknowledge, wildcardResourceFinding } from './nag';
import { ShopFunction, type ShopResources } from './shop-function';

export interface CatalogueSeedStackProps extends StackProps {
  resources: ShopResources;
}

/**
 * Seeds the catalogue's price grids into the table at deploy time: a custom resource runs
 * functions/catalogue/seed-catalogue.ts on create, and on update whenever the seed items change.
 */
export class CatalogueSeedStack extends Stack {
  constructor(scope: Construct, id: string, props: CatalogueSeedStackProps) {
    super(scope, id, props);
    const seeder = new ShopFunction(this, 'SeedCatalogue', {
      handler: { file: 'functions/catalogue/seed-catalogue.ts', export: 'handler' },
      grants: ['table:write'],
      resources: props.resources,
      timeout: Duration.minutes(2),
      description: 'Writes the missing seed price grids into the table',
    });
    const provider = new Provider(this, 'Provider', {
      onEventHandler: seeder.fn,
      logGroup: new LogGroup(this, 'ProviderLogs', { retention: RetentionDays.ONE_MONTH }),
    });
    new CustomResource(this, 'CatalogueSeed', {
      serviceToken: provider.serviceToken,
      properties: { seedHash: createHash('sha256').update(JSON.stringify(gridSeedItems())).digest('hex') },
    });
    acknowledge(
      provider,
      {
        id: 'AwsSolutions-L1',
        reason: "The custom resource framework's runtime is chosen and updated by aws-cdk-lib.",
      },
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: 'AWSLambdaBasicExecutionRole only lets the framework function write its own CloudWatch logs.',
      },
      {
        id: wildcardResourceFinding(provider, `${seeder.fn.functionArn}:*`),
        reason: 'The framework may invoke any version of the seed function, and only that function.',
      },
    );
  }
}
