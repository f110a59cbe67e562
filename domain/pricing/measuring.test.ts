import { describe, expect, it } from 'vitest';
import { formatDimension, sizeToOrder } from './measuring';

const d = (inches: number, eighths = 0) => ({ inches, eighths });

describe('sizeToOrder', () => {
  it('orders the smallest width and the largest height, and explains the inside-mount deduction', () => {
    const size = sizeToOrder({
      widths: [d(35, 4), d(35, 2), d(35, 6)],
      heights: [d(60), d(60, 5), d(60, 3)],
      mount: 'inside',
    });
    expect(size.width).toEqual(d(35, 2));
    expect(size.length).toEqual(d(60, 5));
    expect(size.madeWidthInches).toBe(34.75);
    expect(size.explanation).toBe(
      'Order 35 1/4" wide (the smallest width) by 60 5/8" long (the largest height), measured at the window. ' +
        'For an inside mount we make the blind 1/2" narrower, 34 3/4" (34.750"), so it clears the window frame.',
    );
  });

  it('takes nothing off for an outside mount', () => {
    const size = sizeToOrder({ widths: [d(48), d(47, 7), d(48, 1)], heights: [d(72), d(71), d(72)], mount: 'outside' });
    expect(size.width).toEqual(d(47, 7));
    expect(size.madeWidthInches).toBe(47.875);
    expect(size.explanation).toContain('no deduction');
  });

  it('carries eighths across whole inches', () => {
    expect(sizeToOrder({ widths: [d(30, 2)], heights: [d(40)], mount: 'inside' }).madeWidthInches).toBe(29.75);
    expect(formatDimension(d(29, 6))).toBe('29 3/4"');
    expect(formatDimension(d(30))).toBe('30"');
  });
});
