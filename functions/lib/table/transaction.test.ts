/**
 * How a transaction's outcome comes back by name. DynamoDB answers a cancelled transaction with a
 * reason per write, in order; the stack cannot be made to answer every kind on demand, so DynamoDB's
 * client is stood in for (aws-sdk-client-mock) with the cancellations it really sends.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigCache } from '../config';
import { transact, TransactionCancelled, type WriteItem } from './transaction';

const dynamo = mockClient(DynamoDBDocumentClient);

function cancelled(...codes: string[]): TransactionCanceledException {
  return new TransactionCanceledException({
    message: `Transaction cancelled [${codes.join(', ')}]`,
    $metadata: { httpStatusCode: 400 },
    CancellationReasons: codes.map((Code) => ({
      Code,
      ...(Code === 'ConditionalCheckFailed' && { Message: 'The conditional request failed' }),
    })),
  });
}

const put = (pk: string): WriteItem => ({
  Put: { Item: { pk, sk: 'X', entity: 'test' }, ConditionExpression: 'attribute_not_exists(pk)' },
});

/** header, number, two lines, then an event's outbox item. */
const order = () => ({
  writes: { header: put('ORDER#1'), number: put('ORDERNUMBER#1'), cart: null, lines: [put('L1'), put('L2')] },
  event: { put: put('EVENT_OUTBOX#1'), send: vi.fn(async () => {}) },
});

beforeEach(() => {
  vi.stubEnv('TABLE_NAME', 'shop');
  for (const name of ['EVENT_BUS_NAME', 'UPLOADS_BUCKET', 'USER_POOL_ID', 'USER_POOL_CLIENT_ID']) vi.stubEnv(name, 'x');
  vi.stubEnv('MAIL_FROM', 'shop@example.com');
  vi.stubEnv('STAFF_EMAIL', 'staff@example.com');
  vi.stubEnv('SITE_URL', 'https://shop.example');
  resetConfigCache();
  dynamo.reset();
});

afterEach(() => {
  vi.unstubAllEnvs();
  resetConfigCache();
});

afterAll(() => dynamo.restore());

describe('transact', () => {
  it('writes the named writes in their order on the shop table, the events last, and publishes them after', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    const { writes, event } = order();
    expect(await transact(writes, { events: [event] })).toEqual({ committed: true });
    const [call] = dynamo.commandCalls(TransactWriteCommand);
    expect(call!.args[0].input.TransactItems!.map((item) => [item.Put!.TableName, item.Put!.Item!.pk])).toEqual([
      ['shop', 'ORDER#1'],
      ['shop', 'ORDERNUMBER#1'],
      ['shop', 'L1'],
      ['shop', 'L2'],
      ['shop', 'EVENT_OUTBOX#1'],
    ]);
    expect(event.send).toHaveBeenCalledOnce();
  });

  it('answers the names whose conditions failed, whatever their position, and publishes nothing', async () => {
    dynamo
      .on(TransactWriteCommand)
      .rejects(cancelled('None', 'ConditionalCheckFailed', 'None', 'ConditionalCheckFailed'));
    const { writes, event } = order();
    const outcome = await transact(writes, { events: [event] });
    expect(outcome).toEqual({
      committed: false,
      failed: new Map([
        ['number', 'The conditional request failed'],
        ['lines', 'The conditional request failed'],
      ]),
    });
    expect(event.send).not.toHaveBeenCalled();
  });

  it('tries a transaction DynamoDB cancelled for a conflict again', async () => {
    dynamo
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled('TransactionConflict', 'None', 'None', 'None'))
      .resolves({});
    expect(await transact(order().writes)).toEqual({ committed: true });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(2);
  });

  it('answers a conflict at once, as not committed, to a caller that reads again itself', async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled('TransactionConflict', 'None', 'None', 'None'));
    expect(await transact(order().writes, { conflicts: 'answer' })).toEqual({ committed: false, failed: new Map() });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(1);
  });

  it('throws a cancellation for anything but failed conditions, naming the writes refused', async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled('None', 'None', 'ValidationError', 'None'));
    const error = await transact(order().writes).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(TransactionCancelled);
    expect((error as TransactionCancelled).reasonOf('lines')).toBe('ValidationError');
    expect((error as TransactionCancelled).reasonOf('header')).toBeUndefined();
  });

  it('throws a conflict that outlasts its attempts', async () => {
    dynamo.on(TransactWriteCommand).rejects(cancelled('None', 'TransactionConflict', 'None', 'None'));
    await expect(transact(order().writes, { attempts: 2 })).rejects.toBeInstanceOf(TransactionCancelled);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(2);
  });
});
