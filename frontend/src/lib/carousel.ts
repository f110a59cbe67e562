/** Index arithmetic and motion maths of the home page carousels, kept free of the DOM. */

/** Wraps an index into 0..length-1, so previous from the first goes to the last and back. */
export function wrapIndex(index: number, length: number): number {
  if (length <= 0) return 0;
  return ((index % length) + length) % length;
}

/** The indices shown when a window of `count` items starts at `start`, wrapping around the end. */
export function visibleIndices(start: number, count: number, length: number): number[] {
  const shown = Math.min(count, length);
  return Array.from({ length: shown }, (_, offset) => wrapIndex(start + offset, length));
}

/** Reviews shown side by side: 1 under 768 px, 2 under 1024 px, otherwise 3. */
export function reviewsPerPage(viewportWidth: number): number {
  if (viewportWidth < 768) return 1;
  if (viewportWidth < 1024) return 2;
  return 3;
}

/** Small screens get the drifting featured carousel: under 768 px or a mobile browser. */
export function isSmallScreen(viewportWidth: number, userAgent: string): boolean {
  return viewportWidth < 768 || /Mobi|Android|iPhone|iPad|iPod/i.test(userAgent);
}

export const FEATURED_CAROUSEL = {
  cardSpacingPx: 350,
  driftPxPerTick: 1,
  tickMs: 50,
  momentumDecay: 0.95,
  resumeAfterReleaseMs: 3000,
  /** Below this speed (px per tick) the fling has died out. */
  restingVelocity: 0.5,
} as const;

/** Wraps a track offset into 0..trackLength so the endless strip never runs out of cards. */
export function wrapOffset(offset: number, trackLength: number): number {
  if (trackLength <= 0) return 0;
  return ((offset % trackLength) + trackLength) % trackLength;
}

/**
 * Where card `index` sits relative to the viewport's left edge for a given track offset, laid out
 * on an endless loop: a card that scrolled off the left re-enters on the right.
 */
export function cardPosition(index: number, offset: number, cardCount: number, spacing: number): number {
  const trackLength = cardCount * spacing;
  return wrapOffset(index * spacing - offset + spacing, trackLength) - spacing;
}

/** One tick of a fling after release: the offset moves by the velocity, which decays. */
export function momentumStep(offset: number, velocity: number): { offset: number; velocity: number } {
  const next = velocity * FEATURED_CAROUSEL.momentumDecay;
  return {
    offset: offset + velocity,
    velocity: Math.abs(next) < FEATURED_CAROUSEL.restingVelocity ? 0 : next,
  };
}
