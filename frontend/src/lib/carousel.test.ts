import { describe, expect, it } from 'vitest';
import {
  cardPosition,
  FEATURED_CAROUSEL,
  isSmallScreen,
  momentumStep,
  reviewsPerPage,
  visibleIndices,
  wrapIndex,
} from './carousel';

describe('carousel maths', () => {
  it('wraps previous and next around both ends', () => {
    expect(wrapIndex(-1, 4)).toBe(3);
    expect(wrapIndex(4, 4)).toBe(0);
    expect(wrapIndex(9, 4)).toBe(1);
  });

  it('shows a wrapping window of reviews', () => {
    expect(visibleIndices(0, 3, 4)).toEqual([0, 1, 2]);
    expect(visibleIndices(3, 3, 4)).toEqual([3, 0, 1]);
    expect(visibleIndices(2, 5, 4)).toEqual([2, 3, 0, 1]);
  });

  it('shows 1, 2 or 3 reviews by viewport width', () => {
    expect(reviewsPerPage(360)).toBe(1);
    expect(reviewsPerPage(767)).toBe(1);
    expect(reviewsPerPage(768)).toBe(2);
    expect(reviewsPerPage(1023)).toBe(2);
    expect(reviewsPerPage(1024)).toBe(3);
  });

  it('treats narrow viewports and mobile browsers as small screens', () => {
    expect(isSmallScreen(360, 'Mozilla/5.0 (X11; Linux x86_64)')).toBe(true);
    expect(isSmallScreen(1024, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe(true);
    expect(isSmallScreen(1440, 'Mozilla/5.0 (X11; Linux x86_64)')).toBe(false);
  });

  it('lays featured cards 350 px apart on an endless loop', () => {
    const { cardSpacingPx: spacing } = FEATURED_CAROUSEL;
    // One card waits just off the left edge so dragging right never shows a gap.
    expect([0, 1, 2, 3].map((i) => cardPosition(i, 0, 4, spacing))).toEqual([0, 350, 700, -350]);
    // Drifted by two cards: the first two re-enter after the last one.
    expect([0, 1, 2, 3].map((i) => cardPosition(i, 700, 4, spacing))).toEqual([700, -350, 0, 350]);
  });

  it('slows a fling by 0.95 per tick until it rests', () => {
    expect(momentumStep(100, 20)).toEqual({ offset: 120, velocity: 19 });
    expect(momentumStep(100, 0.5).velocity).toBe(0);
  });
});
