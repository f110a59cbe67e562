import { describe, expect, it } from 'vitest';
import { mergeShardPages, type ShardPage } from './shard-merge';

const page = (sortKeys: string[], more = false): ShardPage<string> => ({
  entries: sortKeys.map((sortKey) => ({ sortKey, entry: `entry ${sortKey}` })),
  more,
});

describe('the audit log merged across its shards', () => {
  it('keeps the newest entries of all shards, newest first, and where each shard stopped', () => {
    const merged = mergeShardPages(['', '', ''], [page(['09', '05', '01']), page(['08', '07'], true), page(['02'])], 3);
    expect(merged.entries).toEqual(['entry 09', 'entry 08', 'entry 07']);
    expect(merged.positions).toEqual(['09', '07', '']);
  });

  it('marks a shard read to its end once all its entries were kept and it has no more', () => {
    const merged = mergeShardPages(['', '', ''], [page(['09']), page([]), page(['03'], true)], 5);
    expect(merged.entries).toEqual(['entry 09', 'entry 03']);
    expect(merged.positions).toEqual([null, null, '03']);
  });

  it('leaves alone a shard already read to its end, and goes on from each shard’s position', () => {
    const merged = mergeShardPages([null, '07', '02'], [null, page(['06', '04']), page(['01'])], 2);
    expect(merged.entries).toEqual(['entry 06', 'entry 04']);
    expect(merged.positions).toEqual([null, null, '02']);
  });
});
