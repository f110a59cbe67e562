import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { DescribeUserPoolCommand } from '@aws-sdk/client-cognito-identity-provider';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { DescribeEventBusCommand } from '@aws-sdk/client-eventbridge';
import { dynamoClient, userPoolClient, storageClient, eventBridgeClient } from '../lib/aws-clients';
import { config } from '../lib/config';
import { httpHandler, json } from '../lib/http';
import { logger } from '../lib/logger';

/** A dependency that does not answer within this is reported down rather than holding the check. */
const CHECK_TIMEOUT_MS = 3000;

type Status = 'up' | 'down';

async function probe(name: string, check: (signal: AbortSignal) => Promise<unknown>): Promise<Status> {
  try {
    await check(AbortSignal.timeout(CHECK_TIMEOUT_MS));
    return 'up';
  } catch (error) {
    logger.warn('Dependency check failed', { dependency: name, error: error as Error });
    return 'down';
  }
}

/** GET /api/health: each dependency up or down; 503 when any is down, so monitors can alert. */
export const getHealth = httpHandler(async () => {
  const env = config();
  const [table, userPool, storage, bus] = await Promise.all([
    probe('table', (abortSignal) =>
      dynamoClient().send(new DescribeTableCommand({ TableName: env.TABLE_NAME }), { abortSignal }),
    ),
    probe('userPool', (abortSignal) =>
      userPoolClient().send(new DescribeUserPoolCommand({ UserPoolId: env.USER_POOL_ID }), { abortSignal }),
    ),
    probe('storage', (abortSignal) =>
      storageClient().send(new HeadBucketCommand({ Bucket: env.UPLOADS_BUCKET }), { abortSignal }),
    ),
    probe('bus', (abortSignal) =>
      eventBridgeClient().send(new DescribeEventBusCommand({ Name: env.EVENT_BUS_NAME }), { abortSignal }),
    ),
  ]);
  const dependencies = { table, userPool, storage, bus };
  const healthy = Object.values(dependencies).every((s) => s === 'up');
  return json(healthy ? 200 : 503, { status: healthy ? 'ok' : 'degraded', dependencies });
});
