/**
 * The window preview's pictures, made in the browser and kept there: the customer's photo read
 * from the file they chose (no URL, nothing sent), the blind's illustration rasterised, and the two
 * put together through the corners they placed.
 */
import { drawInPerspective, type Point, type Quad } from './perspective';

/** The longest side a photo is worked at: enough for a screen or a saved picture, small enough to redraw as a corner moves. */
const PHOTO_MAX_SIDE = 1280;

/** The blind's square illustration is drawn at this many pixels a side before it is laid on the photo. */
const BLIND_SIDE = 768;

function drawingCanvas(width: number, height: number): CanvasRenderingContext2D {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D canvas');
  return context;
}

/** The photo's pixels, turned upright as the camera recorded it and scaled down to at most PHOTO_MAX_SIDE. Rejects a file that is no image the browser can decode. */
export async function readWindowPhoto(file: Blob): Promise<ImageData> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const context = drawingCanvas(width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    return context.getImageData(0, 0, width, height);
  } finally {
    bitmap.close();
  }
}

/**
 * The pixels of the illustration as the page drew it (the gallery's own code, in its blind framing):
 * its SVG serialised into a data: URL (the Content-Security-Policy's img-src has data:), decoded as an
 * image and drawn onto a canvas. Square, BLIND_SIDE a side.
 */
export async function rasteriseIllustration(svg: SVGSVGElement): Promise<ImageData> {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.removeAttribute('style');
  copy.setAttribute('width', String(BLIND_SIDE));
  copy.setAttribute('height', String(BLIND_SIDE));
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(copy))}`;
  await image.decode();
  const context = drawingCanvas(BLIND_SIDE, BLIND_SIDE);
  context.drawImage(image, 0, 0, BLIND_SIDE, BLIND_SIDE);
  return context.getImageData(0, 0, BLIND_SIDE, BLIND_SIDE);
}

/** Corners as shares of the photo's width and height (0 to 1), so they stay put whatever size the photo is shown at. */
export type Corners = Quad;

/**
 * A copy of the photo with the blind drawn in perspective between the corners; `drawn` is false
 * (the photo alone) when the corners do not outline a window (crossed or dented).
 */
export function composeWindowPreview(
  photo: ImageData,
  blind: ImageData,
  corners: Corners,
): { picture: ImageData; drawn: boolean } {
  const picture = new ImageData(new Uint8ClampedArray(photo.data), photo.width, photo.height);
  const inPixels = (corner: Point): Point => ({ x: corner.x * photo.width, y: corner.y * photo.height });
  const quad: Quad = [inPixels(corners[0]), inPixels(corners[1]), inPixels(corners[2]), inPixels(corners[3])];
  return { picture, drawn: drawInPerspective(picture, blind, quad) };
}
