/**
 * The perspective of the window preview: the projective map (homography) that takes the unit
 * square onto the four corners the customer placed, and the drawing of a picture through it onto
 * a photo's pixels. Pure arithmetic on plain arrays, so it is tested without a browser.
 */

export interface Point {
  x: number;
  y: number;
}

/** Corners in the order top-left, top-right, bottom-right, bottom-left. */
export type Quad = readonly [Point, Point, Point, Point];

/**
 * A projective map as the 3 × 3 matrix [[a, b, c], [d, e, f], [g, h, i]], row by row: (u, v) goes to
 * ((a·u + b·v + c) / w, (d·u + e·v + f) / w) with w = g·u + h·v + i.
 */
export type Homography = readonly [number, number, number, number, number, number, number, number, number];

/** RGBA pixels, 4 bytes a pixel, row by row, not premultiplied: what ImageData holds. */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/**
 * The homography taking (0, 0), (1, 0), (1, 1), (0, 1) to the quad's corners in order (Heckbert's
 * square-to-quadrilateral, in closed form). Null when three corners lie on a line.
 */
export function squareToQuad([p0, p1, p2, p3]: Quad): Homography | null {
  const dx1 = p1.x - p2.x;
  const dx2 = p3.x - p2.x;
  const dx3 = p0.x - p1.x + p2.x - p3.x;
  const dy1 = p1.y - p2.y;
  const dy2 = p3.y - p2.y;
  const dy3 = p0.y - p1.y + p2.y - p3.y;
  const det = dx1 * dy2 - dx2 * dy1;
  if (Math.abs(det) < 1e-12) return null;
  const g = (dx3 * dy2 - dx2 * dy3) / det;
  const h = (dx1 * dy3 - dx3 * dy1) / det;
  return [
    p1.x - p0.x + g * p1.x,
    p3.x - p0.x + h * p3.x,
    p0.x,
    p1.y - p0.y + g * p1.y,
    p3.y - p0.y + h * p3.y,
    p0.y,
    g,
    h,
    1,
  ];
}

/** The inverse map (the adjugate, scaled so that its last entry is 1 where it can be). Null when the map is singular. */
export function invert([a, b, c, d, e, f, g, h, i]: Homography): Homography | null {
  const A = e * i - f * h;
  const B = c * h - b * i;
  const C = b * f - c * e;
  const D = f * g - d * i;
  const E = a * i - c * g;
  const F = c * d - a * f;
  const G = d * h - e * g;
  const H = b * g - a * h;
  const I = a * e - b * d;
  const det = a * A + b * D + c * G;
  if (Math.abs(det) < 1e-12) return null;
  const scale = Math.abs(I) > 1e-12 ? I : det;
  return [A / scale, B / scale, C / scale, D / scale, E / scale, F / scale, G / scale, H / scale, I / scale];
}

export function project([a, b, c, d, e, f, g, h, i]: Homography, { x, y }: Point): Point {
  const w = g * x + h * y + i;
  return { x: (a * x + b * y + c) / w, y: (d * x + e * y + f) / w };
}

/**
 * Whether the corners, in order, make a convex quadrilateral turning one way: only then is the
 * picture drawn right way round and unfolded (a crossed or dented quad would fold it).
 */
export function isConvex(quad: Quad): boolean {
  let sign = 0;
  for (let n = 0; n < 4; n += 1) {
    const [p, q, r] = [quad[n]!, quad[(n + 1) % 4]!, quad[(n + 2) % 4]!];
    const turn = (q.x - p.x) * (r.y - q.y) - (q.y - p.y) * (r.x - q.x);
    if (Math.abs(turn) < 1e-9) return false;
    if (sign === 0) sign = Math.sign(turn);
    else if (Math.sign(turn) !== sign) return false;
  }
  return true;
}

/**
 * Draws `picture` onto `photo` in perspective, its corners on the quad's (in the photo's pixels),
 * over what the photo shows: where the picture is transparent (open slats, a light-filtering
 * fabric) the photo shows through. Each photo pixel inside the quad is taken back to the picture
 * by the inverse map and sampled there bilinearly, with premultiplied alpha so transparent pixels
 * lend no colour; outside the picture counts as transparent, which softens the quad's edges by a
 * pixel. Pixels outside the quad are left as they are. False, drawing nothing, when the quad is not convex.
 */
export function drawInPerspective(photo: Pixels, picture: Pixels, quad: Quad): boolean {
  if (!isConvex(quad)) return false;
  const toQuad = squareToQuad(quad);
  const fromQuad = toQuad && invert(toQuad);
  if (!fromQuad) return false;
  const [a, b, c, d, e, f, g, h, i] = fromQuad;
  const xs = quad.map((corner) => corner.x);
  const ys = quad.map((corner) => corner.y);
  const left = Math.max(0, Math.floor(Math.min(...xs)) - 1);
  const right = Math.min(photo.width, Math.ceil(Math.max(...xs)) + 1);
  const top = Math.max(0, Math.floor(Math.min(...ys)) - 1);
  const bottom = Math.min(photo.height, Math.ceil(Math.max(...ys)) + 1);
  const { width: sourceWidth, height: sourceHeight, data: source } = picture;
  const target = photo.data;

  for (let y = top; y < bottom; y += 1) {
    const py = y + 0.5;
    for (let x = left; x < right; x += 1) {
      const px = x + 0.5;
      const w = g * px + h * py + i;
      // Picture pixel coordinates, centres at .5 as in the photo.
      const sx = ((a * px + b * py + c) / w) * sourceWidth - 0.5;
      const sy = ((d * px + e * py + f) / w) * sourceHeight - 0.5;
      if (!(sx > -1 && sy > -1 && sx < sourceWidth && sy < sourceHeight)) continue;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      let alpha = 0;
      let red = 0;
      let green = 0;
      let blue = 0;
      for (let n = 0; n < 4; n += 1) {
        const cx = x0 + (n & 1);
        const cy = y0 + (n >> 1);
        if (cx < 0 || cy < 0 || cx >= sourceWidth || cy >= sourceHeight) continue;
        const weight = (n & 1 ? fx : 1 - fx) * (n >> 1 ? fy : 1 - fy);
        const at = (cy * sourceWidth + cx) * 4;
        const covered = weight * source[at + 3]!;
        alpha += covered;
        red += covered * source[at]!;
        green += covered * source[at + 1]!;
        blue += covered * source[at + 2]!;
      }
      if (alpha <= 0) continue;
      // red/255 is the premultiplied colour; the photo keeps (1 − alpha/255) of its own.
      const keep = 1 - alpha / 255;
      const to = (y * photo.width + x) * 4;
      target[to] = red / 255 + target[to]! * keep;
      target[to + 1] = green / 255 + target[to + 1]! * keep;
      target[to + 2] = blue / 255 + target[to + 2]! * keep;
      target[to + 3] = alpha + target[to + 3]! * keep;
    }
  }
  return true;
}
