/**
 * The table items of the seed grids: for each kind its CURRENT item, its version and one upload
 * by "seed". Written only where missing (the local stack's seed and the deploy-time seed), so a
 * grid staff uploaded is never overwritten.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { SEED_PRICE_GRIDS } from '#domain/catalogue/grids/index';
import { GRID_KINDS } from '#domain/catalogue/grids/types';
import { gridVersion } from '#domain/catalogue/grids/version';
import { gridCurrentKeys, gridUploadKeys, gridVersionKeys } from '../lib/table/keys';

/** A fixed time, so the seed's upload record has the same key on every run. */
export const SEEDED_AT = '2025-01-01T00:00:00.000Z';
export const SEEDED_BY = 'seed';

export type GridSeedItem = { pk: string; sk: string } & Record<string, unknown>;

export function gridSeedItems(): GridSeedItem[] {
  return GRID_KINDS.flatMap((kind) => {
    const rows = SEED_PRICE_GRIDS[kind];
    const version = gridVersion(kind, rows);
    const rowsJson = JSON.stringify(rows);
    return [
      { ...gridCurrentKeys(kind), kind, version, rowsJson, revision: 0, uploadedAt: SEEDED_AT, uploadedBy: SEEDED_BY },
      { ...gridVersionKeys(kind, version), kind, version, rowsJson },
      {
        ...gridUploadKeys(kind, SEEDED_AT, version),
        kind,
        version,
        uploadedAt: SEEDED_AT,
        uploadedBy: SEEDED_BY,
        rowCount: rows.length,
      },
    ];
  });
}

/** Writes each item only where no item has its key; returns how many were written. */
export async function writeMissingItems(
  client: DynamoDBDocumentClient,
  tableName: string,
  items: readonly GridSeedItem[],
): Promise<number> {
  let written = 0;
  for (const item of items) {
    try {
      await client.send(
        new PutCommand({ TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' }),
      );
      written++;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
  return written;
}
