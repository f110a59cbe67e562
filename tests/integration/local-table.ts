import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';

/** The local stack's table, for tests that look behind the API or age an item on purpose. */
export function localTable(): DynamoDBDocumentClient {
  const env = inject('localEnv');
  return DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: env.AWS_REGION,
      endpoint: env.AWS_ENDPOINT_URL_DYNAMODB,
      credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID!, secretAccessKey: env.AWS_SECRET_ACCESS_KEY! },
    }),
  );
}
