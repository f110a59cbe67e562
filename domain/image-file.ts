/**
 * What a stored photo really is, read from its bytes to the end rather than from the name or type
 * the browser gave it or from its first bytes (issue 24; docs/decisions/0036). Four kinds pass, each
 * walked through the structure that kind must have, so a file with an image's header in front of
 * HTML, SVG or script is refused: PNG chunk by chunk to IEND (lengths and CRCs), JPEG segment by
 * segment to EOI, WebP's RIFF chunks covering exactly its RIFF length, HEIC's ISO BMFF boxes
 * covering exactly the file. Markup a browser would render or run refuses the file wherever it is.
 * Pure.
 */
import { hasHtmlMarkup, latin1, startsWith } from './file-signatures';

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/heic';

/**
 * Beyond HTML (file-signatures.ts), an XML prolog or any doctype: an image holds neither in plain
 * text (XMP metadata opens with `<?xpacket`, not `<?xml`), and either makes it a document too.
 */
const DOCUMENT_MARKUP = /<\?xml|<!doctype/i;

/** The image the bytes are, whole, or null when they are none of the four, broken, or also something else. */
export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  const type = declaredType(bytes);
  if (!type || !STRUCTURE_CHECKS[type](bytes)) return null;
  const text = latin1(bytes);
  return hasHtmlMarkup(text) || DOCUMENT_MARKUP.test(text) ? null : type;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;

/** The HEIF brands of a still image (an ISO BMFF `ftyp` box at the start). */
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'mif1', 'msf1']);

function declaredType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png';
  if (latin1(bytes, 0, 4) === 'RIFF' && latin1(bytes, 8, 12) === 'WEBP') return 'image/webp';
  if (latin1(bytes, 4, 8) === 'ftyp' && HEIF_BRANDS.has(latin1(bytes, 8, 12))) return 'image/heic';
  return null;
}

const STRUCTURE_CHECKS: Record<ImageType, (bytes: Uint8Array) => boolean> = {
  'image/png': isWholePng,
  'image/jpeg': isWholeJpeg,
  'image/webp': isWholeWebp,
  'image/heic': isWholeHeic,
};

const viewOf = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * A PNG is its signature, then chunks (length, type of four letters, data, CRC-32 of type and data)
 * from IHDR to IEND, with image data between; IEND ends the file.
 */
function isWholePng(bytes: Uint8Array): boolean {
  const view = viewOf(bytes);
  let at: number = PNG_SIGNATURE.length;
  let index = 0;
  let hasData = false;
  while (at + 12 <= bytes.length) {
    const length = view.getUint32(at);
    const type = latin1(bytes, at + 4, at + 8);
    const end = at + 12 + length;
    if (length > 0x7fffffff || end > bytes.length || !/^[A-Za-z]{4}$/.test(type)) return false;
    if (view.getUint32(end - 4) !== crc32(bytes.subarray(at + 4, end - 4))) return false;
    if (index === 0 && (type !== 'IHDR' || length !== 13)) return false;
    if (type === 'IDAT') hasData = true;
    if (type === 'IEND') return hasData && end === bytes.length;
    at = end;
    index += 1;
  }
  return false;
}

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 (ISO 3309), as PNG computes it over each chunk's type and data. */
function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * A JPEG is SOI, then marker segments (each with its length) and, after each start of scan, its
 * entropy-coded data up to the next marker, to EOI, with a frame header and a scan on the way.
 * What follows EOI is left to the markup check: phones and cameras put more there (the previews
 * and gain maps of the Multi-Picture Format, a motion photo's video, Samsung's trailer), and refusing
 * it would refuse their ordinary photos.
 */
function isWholeJpeg(bytes: Uint8Array): boolean {
  const view = viewOf(bytes);
  let at = 2;
  let hasFrame = false;
  let hasScan = false;
  while (at + 1 < bytes.length) {
    if (bytes[at] !== 0xff) return false;
    const marker = bytes[at + 1] as number;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    at += 2;
    if (marker === 0xd9) return hasFrame && hasScan;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // TEM and RSTn stand alone
    if (marker === 0x00 || marker === 0xd8 || at + 2 > bytes.length) return false;
    const length = view.getUint16(at);
    if (length < 2 || at + length > bytes.length) return false;
    at += length;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) hasFrame = true; // SOFn
    if (marker === 0xda) {
      hasScan = true;
      at = endOfEntropyCodedData(bytes, at);
    }
  }
  return false;
}

/** Where a scan's entropy-coded data ends: the first 0xFF that is neither a stuffed 0xFF 0x00 nor a restart marker. */
function endOfEntropyCodedData(bytes: Uint8Array, from: number): number {
  let at = from;
  while (at + 1 < bytes.length) {
    if (bytes[at] === 0xff) {
      const next = bytes[at + 1] as number;
      if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7)) return at;
      at += 2;
    } else {
      at += 1;
    }
  }
  return bytes.length;
}

/**
 * A WebP is a RIFF file whose length field counts exactly the rest of the file, holding chunks (four
 * letters, a length, the data padded to an even length) that fill it, the first an image (VP8, VP8L)
 * or the extended header (VP8X).
 */
function isWholeWebp(bytes: Uint8Array): boolean {
  const view = viewOf(bytes);
  if (bytes.length < 20 || view.getUint32(4, true) + 8 !== bytes.length) return false;
  if (!['VP8 ', 'VP8L', 'VP8X'].includes(latin1(bytes, 12, 16))) return false;
  let at = 12;
  while (at + 8 <= bytes.length) {
    const type = latin1(bytes, at, at + 4);
    const length = view.getUint32(at + 4, true);
    if (!/^[A-Z0-9 ]{4}$/.test(type)) return false;
    at += 8 + length + (length % 2);
    if (at === bytes.length) return true;
  }
  return false;
}

/**
 * A HEIC is ISO BMFF: boxes (a 32-bit length, or 1 and a 64-bit one, or 0 for "to the end of the
 * file"; a type of four printable characters) that cover the file exactly, starting with `ftyp`
 * (its brand checked by declaredType) and holding the `meta` box that describes a still image.
 */
function isWholeHeic(bytes: Uint8Array): boolean {
  const view = viewOf(bytes);
  let at = 0;
  let hasMeta = false;
  while (at + 8 <= bytes.length) {
    const type = latin1(bytes, at + 4, at + 8);
    if (!/^[\x20-\x7e]{4}$/.test(type)) return false;
    let size = view.getUint32(at);
    if (size === 1) {
      if (at + 16 > bytes.length) return false;
      size = Number(view.getBigUint64(at + 8));
    } else if (size === 0) {
      size = bytes.length - at;
    }
    if (size < 8 || at + size > bytes.length) return false;
    if (type === 'meta') hasMeta = true;
    at += size;
  }
  return hasMeta && at === bytes.length;
}
