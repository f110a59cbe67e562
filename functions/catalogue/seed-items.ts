/**
 * The table items of the seed grids: for each kind its CURRENT item, its version and one upload
 * by "seed". Written only where missing (the local stack's seed and the deploy-time seed), so a
 * grid staff uploaded is never overwritten.
 */
import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { SEED_PRICE_GRIDS } from '#domain/catalogue/grids/index';
import { GRID_KINDS } from '#domain/catalogue/grids/types';
import { tryConditional } from '../lib/table/items';
import { gridItems, type GridItem } from './grid-upload';

/** A fixed time, so the seed's upload record has the same key on every run. */
export const SEEDED_AT = '2025-01-01T00:00:00.000Z';
export const SEEDED_BY = 'seed';

export function gridSeedItems(): GridItem[] {
  return GRID_KINDS.flatMap((kind) => {
    const { current, version, upload } = gridItems(kind, SEED_PRICE_GRIDS[kind], {
      revision: 0,
      uploadedAt: SEEDED_AT,
      uploadedBy: SEEDED_BY,
    });
    return [current, version, upload];
  });
}

/** Writes each item only where no item has its key; returns how many were written. */
export async function writeMissingItems(
  client: DynamoDBDocumentClient,
  tableName: string,
  items: readonly GridItem[],
): Promise<number> {
  let written = 0;
  for (const item of items) {
    const put = client.send(
      new PutCommand({ TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' }),
    );
    if (await tryConditional(put)) written++;
  }
  return written;
}
