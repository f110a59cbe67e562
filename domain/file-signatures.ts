/**
 * What a file really is, by its first bytes (its magic number), whatever name or type the browser
 * gave it: the server checks uploads by this before keeping them. Pure.
 */

/** How many leading bytes `imageTypeOf` needs. */
export const SIGNATURE_BYTES = 16;

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/heic';

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

/** The HEIF brands of a still image (an ISO BMFF `ftyp` box at the start). */
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'mif1', 'msf1']);

/** The image type the bytes begin with, or null when they are not a JPEG, PNG, WebP or HEIC image. */
export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => bytes[i] === byte)) return 'image/png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(bytes, 8, 12))) return 'image/heic';
  return null;
}
