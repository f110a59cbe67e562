/**
 * The single table's keys, indexes and TTL attribute, declared once. infra/stacks/data-stack.ts
 * and infra/local (DynamoDB Local) both create the table from this, and the key builders in
 * keys/ are the only place that composes key values. See README.md beside this file for the
 * entity chart and the access patterns.
 */
export const tableSchema = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'expiresAt',
  globalIndexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    { name: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  ],
} as const;

export type GlobalIndexName = (typeof tableSchema.globalIndexes)[number]['name'];
