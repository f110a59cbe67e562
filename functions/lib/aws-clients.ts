import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { S3Client } from '@aws-sdk/client-s3';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SQSClient } from '@aws-sdk/client-sqs';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { config } from './config';
import { traced } from './tracing';

/**
 * One client of each service per Lambda instance, made on first use (cold starts pay only for
 * what a handler touches). Endpoints are not configured here: the SDK reads AWS_ENDPOINT_URL and
 * AWS_ENDPOINT_URL_<SERVICE>, which is how the local stack and LocalStack stand in for AWS.
 * The factories are marked pure so that each Lambda bundle keeps only the clients it uses. Each
 * client's calls are traced on Lambda (functions/lib/tracing.ts).
 */
function lazy<T>(make: () => T): () => T {
  let instance: T | undefined;
  return () => (instance ??= make());
}

export const dynamoClient = /* @__PURE__ */ lazy(() => traced(new DynamoDBClient({ region: config().AWS_REGION })));

export const documentClient = /* @__PURE__ */ lazy(() =>
  DynamoDBDocumentClient.from(dynamoClient(), {
    marshallOptions: { removeUndefinedValues: true, convertEmptyValues: false },
  }),
);

export const eventBridgeClient = /* @__PURE__ */ lazy(() =>
  traced(new EventBridgeClient({ region: config().AWS_REGION })),
);

export const mailClient = /* @__PURE__ */ lazy(() => traced(new SESv2Client({ region: config().AWS_REGION })));

export const storageClient = /* @__PURE__ */ lazy(() =>
  traced(new S3Client({ region: config().AWS_REGION, forcePathStyle: config().S3_FORCE_PATH_STYLE })),
);

export const userPoolClient = /* @__PURE__ */ lazy(() =>
  traced(new CognitoIdentityProviderClient({ region: config().AWS_REGION })),
);

export const secretsClient = /* @__PURE__ */ lazy(() =>
  traced(new SecretsManagerClient({ region: config().AWS_REGION })),
);

export const queueClient = /* @__PURE__ */ lazy(() => traced(new SQSClient({ region: config().AWS_REGION })));

export const lambdaClient = /* @__PURE__ */ lazy(() => traced(new LambdaClient({ region: config().AWS_REGION })));
