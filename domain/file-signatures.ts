/**
 * What a file really is, by its first bytes (its magic number), whatever name or type the browser
 * gave it: the server checks uploads by this before keeping them. Pure.
 */

/** How many leading bytes `imageTypeOf` needs. */
export const SIGNATURE_BYTES = 16;

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/heic';

/** One character per byte: enough to match ASCII markers anywhere in binary content. */
export function latin1(bytes: Uint8Array, start = 0, end = bytes.length): string {
  return new TextDecoder('latin1').decode(bytes.subarray(start, end));
}

/** Whether the bytes begin with these. */
export function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);
}

/** The HEIF brands of a still image (an ISO BMFF `ftyp` box at the start). */
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'mif1', 'msf1']);

/** The image type the bytes begin with, or null when they are not a JPEG, PNG, WebP or HEIC image. */
export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (latin1(bytes, 0, 4) === 'RIFF' && latin1(bytes, 8, 12) === 'WEBP') return 'image/webp';
  if (latin1(bytes, 4, 8) === 'ftyp' && HEIF_BRANDS.has(latin1(bytes, 8, 12))) return 'image/heic';
  return null;
}
