import { describe, expect, it } from 'vitest';
import {
  drawInPerspective,
  invert,
  isConvex,
  project,
  squareToQuad,
  type Homography,
  type Pixels,
  type Point,
  type Quad,
} from './perspective';

/** A window seen from below and to the left: no two sides parallel. */
const WINDOW: Quad = [
  { x: 30, y: 20 },
  { x: 90, y: 30 },
  { x: 85, y: 95 },
  { x: 25, y: 80 },
];
const UNIT: Quad = [
  { x: 0, y: 0 },
  { x: 1, y: 0 },
  { x: 1, y: 1 },
  { x: 0, y: 1 },
];

function mapOf(quad: Quad): Homography {
  const map = squareToQuad(quad);
  if (!map) throw new Error('degenerate quad');
  return map;
}

function expectClose(actual: Point, expected: Point) {
  expect(actual.x).toBeCloseTo(expected.x, 9);
  expect(actual.y).toBeCloseTo(expected.y, 9);
}

/** Where the lines p0–p2 and p1–p3 cross. */
function diagonalsCross([p0, p1, p2, p3]: Quad): Point {
  const denominator = (p0.x - p2.x) * (p1.y - p3.y) - (p0.y - p2.y) * (p1.x - p3.x);
  const first = p0.x * p2.y - p0.y * p2.x;
  const second = p1.x * p3.y - p1.y * p3.x;
  return {
    x: (first * (p1.x - p3.x) - (p0.x - p2.x) * second) / denominator,
    y: (first * (p1.y - p3.y) - (p0.y - p2.y) * second) / denominator,
  };
}

function filled(width: number, height: number, rgba: [number, number, number, number]): Pixels {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let at = 0; at < data.length; at += 4) data.set(rgba, at);
  return { width, height, data };
}

const pixelAt = (pixels: Pixels, x: number, y: number) => [
  ...pixels.data.subarray((y * pixels.width + x) * 4, (y * pixels.width + x) * 4 + 4),
];

describe('squareToQuad', () => {
  it('takes the unit square’s corners to the quad’s, in order', () => {
    const map = mapOf(WINDOW);
    UNIT.forEach((corner, n) => expectClose(project(map, corner), WINDOW[n]!));
  });

  it('is a true perspective: the square’s centre goes to where the quad’s diagonals cross, not to the corners’ average', () => {
    const centre = project(mapOf(WINDOW), { x: 0.5, y: 0.5 });
    expectClose(centre, diagonalsCross(WINDOW));
    expect(centre.x).not.toBeCloseTo(WINDOW.reduce((sum, corner) => sum + corner.x, 0) / 4, 3);
  });

  it('keeps straight lines straight: the points of an edge of the square stay on the quad’s edge', () => {
    const map = mapOf(WINDOW);
    const [top, right] = [WINDOW[0], WINDOW[1]];
    for (const u of [0.1, 0.37, 0.8]) {
      const point = project(map, { x: u, y: 0 });
      expect((right.x - top.x) * (point.y - top.y) - (right.y - top.y) * (point.x - top.x)).toBeCloseTo(0, 9);
    }
  });

  it('is an affine map (no perspective terms) for a parallelogram', () => {
    const map = mapOf([
      { x: 10, y: 10 },
      { x: 50, y: 20 },
      { x: 60, y: 70 },
      { x: 20, y: 60 },
    ]);
    expect(map[6]).toBeCloseTo(0, 12);
    expect(map[7]).toBeCloseTo(0, 12);
  });

  it('has no map when three corners lie on a line', () => {
    expect(
      squareToQuad([
        { x: 0, y: 0 },
        { x: 1, y: 1 },
        { x: 2, y: 2 },
        { x: 3, y: 3 },
      ]),
    ).toBeNull();
  });
});

describe('invert', () => {
  it('takes the quad back to the unit square, and any point back to where it came from', () => {
    const map = mapOf(WINDOW);
    const back = invert(map);
    if (!back) throw new Error('singular');
    WINDOW.forEach((corner, n) => expectClose(project(back, corner), UNIT[n]!));
    for (const point of [
      { x: 0.2, y: 0.9 },
      { x: 0.66, y: 0.13 },
      { x: 1.4, y: -0.3 },
    ])
      expectClose(project(back, project(map, point)), point);
  });

  it('has no inverse for a singular map', () => {
    expect(invert([1, 2, 3, 2, 4, 6, 0, 0, 1])).toBeNull();
  });
});

describe('isConvex', () => {
  it('accepts a window in perspective, either way round', () => {
    expect(isConvex(WINDOW)).toBe(true);
    expect(isConvex([WINDOW[3], WINDOW[2], WINDOW[1], WINDOW[0]])).toBe(true);
  });

  it('refuses crossed corners, a dented quad and corners on top of each other', () => {
    expect(isConvex([WINDOW[0], WINDOW[2], WINDOW[1], WINDOW[3]])).toBe(false);
    expect(isConvex([WINDOW[0], WINDOW[1], { x: 40, y: 40 }, WINDOW[3]])).toBe(false);
    expect(isConvex([WINDOW[0], WINDOW[0], WINDOW[2], WINDOW[3]])).toBe(false);
  });
});

describe('drawInPerspective', () => {
  const PHOTO_RGBA: [number, number, number, number] = [200, 220, 240, 255];

  it('paints the picture inside the quad and leaves every pixel outside it as the photo had it', () => {
    const photo = filled(120, 120, PHOTO_RGBA);
    expect(drawInPerspective(photo, filled(16, 16, [120, 60, 30, 255]), WINDOW)).toBe(true);
    const centre = diagonalsCross(WINDOW);
    expect(pixelAt(photo, Math.floor(centre.x), Math.floor(centre.y))).toEqual([120, 60, 30, 255]);
    expect(pixelAt(photo, 40, 40)).toEqual([120, 60, 30, 255]);
    for (const [x, y] of [
      [5, 5],
      [100, 50],
      [60, 110],
      [27, 20],
      [92, 60],
    ] as const)
      expect(pixelAt(photo, x, y)).toEqual(PHOTO_RGBA);
  });

  it('puts each part of the picture in its place: its left half on the quad’s left, its right half on the right', () => {
    const picture = filled(20, 20, [0, 0, 0, 255]);
    for (let y = 0; y < 20; y += 1)
      for (let x = 0; x < 10; x += 1) picture.data.set([255, 0, 0, 255], (y * 20 + x) * 4);
    const photo = filled(120, 120, PHOTO_RGBA);
    drawInPerspective(photo, picture, WINDOW);
    const map = mapOf(WINDOW);
    const leftQuarter = project(map, { x: 0.2, y: 0.5 });
    const rightQuarter = project(map, { x: 0.8, y: 0.5 });
    expect(pixelAt(photo, Math.floor(leftQuarter.x), Math.floor(leftQuarter.y))).toEqual([255, 0, 0, 255]);
    expect(pixelAt(photo, Math.floor(rightQuarter.x), Math.floor(rightQuarter.y))).toEqual([0, 0, 0, 255]);
  });

  it('lets the photo through where the picture is translucent, in proportion, with no dark fringe from transparent pixels', () => {
    const photo = filled(120, 120, PHOTO_RGBA);
    const picture = filled(8, 8, [0, 0, 0, 0]);
    // The left half: a fabric letting a quarter of the light through.
    for (let y = 0; y < 8; y += 1)
      for (let x = 0; x < 4; x += 1) picture.data.set([100, 100, 100, 191], (y * 8 + x) * 4);
    drawInPerspective(photo, picture, WINDOW);
    const map = mapOf(WINDOW);
    const fabric = project(map, { x: 0.2, y: 0.5 });
    const [red, green, blue] = pixelAt(photo, Math.floor(fabric.x), Math.floor(fabric.y));
    expect(red).toBeCloseTo(100 * 0.75 + 200 * 0.25, -0.5);
    expect(green).toBeCloseTo(100 * 0.75 + 220 * 0.25, -0.5);
    expect(blue).toBeCloseTo(100 * 0.75 + 240 * 0.25, -0.5);
    const clear = project(map, { x: 0.8, y: 0.5 });
    expect(pixelAt(photo, Math.floor(clear.x), Math.floor(clear.y))).toEqual(PHOTO_RGBA);
    // At the fabric's edge the transparent pixels lend no black: nothing darker than the fabric.
    for (let x = 0; x < 120; x += 1) expect(pixelAt(photo, x, Math.floor(fabric.y))[0]).toBeGreaterThanOrEqual(99);
  });

  it('draws nothing for crossed corners', () => {
    const photo = filled(120, 120, PHOTO_RGBA);
    expect(drawInPerspective(photo, filled(4, 4, [0, 0, 0, 255]), [WINDOW[0], WINDOW[2], WINDOW[1], WINDOW[3]])).toBe(
      false,
    );
    expect(photo.data.every((value, at) => value === PHOTO_RGBA[at % 4])).toBe(true);
  });

  it('clips a quad reaching past the photo’s edges', () => {
    const photo = filled(50, 40, PHOTO_RGBA);
    const beyond: Quad = [
      { x: -30, y: -20 },
      { x: 80, y: -10 },
      { x: 70, y: 60 },
      { x: -20, y: 70 },
    ];
    expect(drawInPerspective(photo, filled(4, 4, [10, 20, 30, 255]), beyond)).toBe(true);
    expect(pixelAt(photo, 0, 0)).toEqual([10, 20, 30, 255]);
    expect(pixelAt(photo, 49, 39)).toEqual([10, 20, 30, 255]);
  });
});
