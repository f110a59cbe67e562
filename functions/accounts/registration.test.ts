/**
 * "If a step after sign-up fails, nothing half-made is left behind." Against the real local stack
 * this cannot be made to happen honestly: the only conditioned write is the client profile keyed on
 * the Cognito `sub`, which is random and only known once the user exists, and the other writes take
 * whatever the validated form holds. So here the AWS services are stood in for (aws-sdk-client-mock:
 * AWS's clients, never our code), DynamoDB answering with the cancellation it really sends, and the
 * test asserts what the registration handler does about it. The successful path runs for real in
 * tests/integration/registration.test.ts.
 */
import {
  AdminDeleteUserCommand,
  CognitoIdentityProviderClient,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { ProvisionedThroughputExceededException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigCache } from '../lib/config';
import type { HttpEvent } from '../lib/http';
import { createRegistration } from './registration';

const cognito = mockClient(CognitoIdentityProviderClient);
const dynamo = mockClient(DynamoDBDocumentClient);
const NEW_SUB = '0f6c2a4e-1b3d-4e5f-8a9b-0c1d2e3f4a5b';
const form = {
  firstName: 'Ana',
  lastName: 'Flores',
  email: 'Ana.Flores@Example.com',
  phone: '214-555-0100',
  password: 'Blinds2024',
  confirmPassword: 'Blinds2024',
};

async function register(): Promise<{ statusCode: number; body: { message?: string; clientId?: string } }> {
  const event = {
    routeKey: 'POST /api/registrations',
    headers: {},
    requestContext: { http: { sourceIp: '198.51.100.7' }, timeEpoch: Date.now() },
    body: JSON.stringify(form),
    isBase64Encoded: false,
  } as HttpEvent;
  const result = await createRegistration(event, {} as Context);
  return { statusCode: result.statusCode ?? 0, body: JSON.parse(result.body ?? '{}') };
}

/** DynamoDB's answer when one write of the transaction is refused: a reason per write, in order. */
function cancelled(reasons: Array<{ Code: string; Message?: string }>): TransactionCanceledException {
  return new TransactionCanceledException({
    message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons.map((r) => r.Code).join(', ')}]`,
    $metadata: { httpStatusCode: 400 },
    CancellationReasons: reasons,
  });
}

const deletedUsers = () => cognito.commandCalls(AdminDeleteUserCommand).map((call) => call.args[0].input);

beforeEach(() => {
  for (const [name, value] of Object.entries({
    TABLE_NAME: 'shop',
    EVENT_BUS_NAME: 'shop-events',
    UPLOADS_BUCKET: 'uploads',
    USER_POOL_ID: 'us-east-1_AbCdEfGhI',
    USER_POOL_CLIENT_ID: '3n4b5urk1ft4fl3mg5e62d9ado',
    MAIL_FROM: 'no-reply@shop.example',
    STAFF_EMAIL: 'staff@shop.example',
    SITE_URL: 'https://shop.example',
  })) {
    vi.stubEnv(name, value);
  }
  resetConfigCache();
  cognito.reset();
  dynamo.reset();
  cognito.on(SignUpCommand).resolves({ UserSub: NEW_SUB, UserConfirmed: false });
  cognito.on(AdminDeleteUserCommand).resolves({});
  // The rate limit's counters (functions/lib/rate-limit.ts): a first attempt.
  dynamo.on(UpdateCommand).resolves({ Attributes: { attempts: 1 } });
});

afterEach(() => {
  vi.unstubAllEnvs();
  resetConfigCache();
});

afterAll(() => {
  cognito.restore();
  dynamo.restore();
});

describe('registration when the client records cannot be written', () => {
  it('deletes the new Cognito user after the failed transaction and names the property record', async () => {
    dynamo
      .on(TransactWriteCommand)
      .rejects(
        cancelled([
          { Code: 'None' },
          { Code: 'ValidationException', Message: 'Item size has exceeded the maximum allowed size' },
          { Code: 'None' },
        ]),
      );
    const answer = await register();
    expect(answer).toEqual({
      statusCode: 500,
      body: { message: 'Failed to create property record: Item size has exceeded the maximum allowed size' },
    });
    expect(deletedUsers()).toEqual([{ UserPoolId: 'us-east-1_AbCdEfGhI', Username: 'ana.flores@example.com' }]);
    const [signUp] = cognito.commandCalls(SignUpCommand);
    const [transaction] = dynamo.commandCalls(TransactWriteCommand);
    const [deletion] = cognito.commandCalls(AdminDeleteUserCommand);
    expect(signUp!.calledBefore(transaction!)).toBe(true);
    expect(transaction!.calledBefore(deletion!)).toBe(true);
  });

  it('deletes the new Cognito user when the client profile is refused, and says so', async () => {
    dynamo
      .on(TransactWriteCommand)
      .rejects(
        cancelled([
          { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed' },
          { Code: 'None' },
          { Code: 'None' },
        ]),
      );
    const answer = await register();
    expect(answer).toEqual({
      statusCode: 500,
      body: { message: 'Failed to create client record: The conditional request failed' },
    });
    expect(deletedUsers()).toHaveLength(1);
  });

  it('deletes the new Cognito user when DynamoDB refuses the whole request', async () => {
    dynamo.on(TransactWriteCommand).rejects(
      new ProvisionedThroughputExceededException({
        message: 'The level of configured provisioned throughput for the table was exceeded.',
        $metadata: {},
      }),
    );
    const answer = await register();
    expect(answer.statusCode).toBe(500);
    expect(answer.body.message).toBe(
      'Failed to create client record: The level of configured provisioned throughput for the table was exceeded.',
    );
    expect(deletedUsers()).toHaveLength(1);
  });

  it('keeps the user when the records were written', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    expect(await register()).toEqual({ statusCode: 201, body: { clientId: NEW_SUB } });
    expect(deletedUsers()).toEqual([]);
  });
});
