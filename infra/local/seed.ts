import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { gridSeedItems, writeMissingItems } from '../../functions/catalogue/seed-items';
import { localClient } from './dynamodb';

/** A table item to exist on every local machine (catalogue and the like), keyed by pk/sk. */
export type SeedItem = { pk: string; sk: string } & Record<string, unknown>;

/** What every local stack starts with: the catalogue's price grids. */
export const seedItems: SeedItem[] = gridSeedItems();

/**
 * Writes each seed item only where no item with its key exists, so a restart never overwrites what
 * a customer or a member of staff changed. Returns how many items were written.
 */
export async function seed(endpoint: string, tableName: string, items: SeedItem[] = seedItems): Promise<number> {
  const client = DynamoDBDocumentClient.from(localClient(endpoint), {
    marshallOptions: { removeUndefinedValues: true },
  });
  try {
    return await writeMissingItems(client, tableName, items);
  } finally {
    client.destroy();
  }
}
