import { describe, expect, it } from 'vitest';
import { gridChanges } from './grid-changes';

describe('what a grid upload changes', () => {
  const before = [
    { widthMin: 12, widthMax: 36, priceCents: 1000 },
    { widthMin: 36, widthMax: 60, priceCents: 2000 },
    { widthMin: 60, widthMax: 84, priceCents: 3000 },
  ];

  it('lists a repriced row once, with its before and after, and rows added and removed', () => {
    const after = [
      { widthMin: 12, widthMax: 36, priceCents: 1000 },
      { widthMin: 36, widthMax: 60, priceCents: 2500 },
      { widthMin: 60, widthMax: 96, priceCents: 3000 },
    ];
    expect(gridChanges<'fascia'>(before, after)).toEqual({
      added: [after[2]],
      removed: [before[2]],
      changed: [{ before: before[1], after: after[1] }],
    });
  });

  it('finds nothing in an identical upload', () => {
    expect(
      gridChanges<'fascia'>(
        before,
        before.map((row) => ({ ...row })),
      ),
    ).toEqual({ added: [], removed: [], changed: [] });
  });
});
