import { describe, expect, it } from 'vitest';
import { defaultConfiguration } from '../pricing/configuration';
import { orderLine } from '../../tests/support/paid-order';
import { linesToReorder, reorderAddedMessage, reorderRequestSchema } from './reorder';

const lines = [
  orderLine(1, defaultConfiguration('faux-wood-blinds'), 'Unit 101', 2, 4140),
  orderLine(2, defaultConfiguration('wood-blinds'), null, 1, 12000),
];

describe('ordering again', () => {
  it('takes every line, or the chosen ones once each, and refuses a line the order does not have', () => {
    expect(linesToReorder(lines, {})).toEqual(lines);
    expect(linesToReorder(lines, { positions: [2, 2] })).toEqual([lines[1]]);
    expect(linesToReorder(lines, { positions: [1, 3] })).toBeNull();
  });

  it('names the field of a request that is not a list of positions', () => {
    const refused = reorderRequestSchema.safeParse({ positions: [0] });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues[0]!.path).toEqual(['positions', 0]);
    expect(reorderRequestSchema.safeParse({ positions: [], extra: 1 }).success).toBe(false);
  });

  it('says how many blinds went into the cart and what they cost today', () => {
    expect(reorderAddedMessage({ addedCount: 1, totalCents: 4140 })).toBe(
      "Added 1 blind to your cart at today's prices: $41.40.",
    );
    expect(reorderAddedMessage({ addedCount: 12, totalCents: 123456 })).toBe(
      "Added 12 blinds to your cart at today's prices: $1,234.56.",
    );
  });
});
