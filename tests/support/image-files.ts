/**
 * Small photos built in the tests, each a whole file of its kind: a 1×1 PNG (IHDR, deflated IDAT,
 * IEND, with CRCs), an 8×8 grey baseline JPEG (one quantisation table, one-code Huffman tables, one
 * scan), a 1×1 lossless WebP, and a HEIC's top level (ftyp, meta, mdat; the HEVC payload is not
 * real, the boxes are). And the polyglots an upload must refuse.
 */
import { crc32, deflateSync } from 'node:zlib';

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
const uint32 = (value: number) => [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];

export function concat(parts: Array<Uint8Array | number[] | string>): Uint8Array {
  return Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? ascii(part) : [...part])));
}

/** A PNG chunk: its length, type, data and the CRC of type and data. */
export function pngChunk(type: string, data: Uint8Array | number[]): Uint8Array {
  const body = concat([type, data]);
  return concat([uint32(data.length), body, uint32(crc32(body))]);
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A 1×1 RGBA PNG, with `extraChunks` (text, say) after its header. */
export function photoPng(extraChunks: Uint8Array[] = []): Uint8Array {
  const header = [...uint32(1), ...uint32(1), 8, 6, 0, 0, 0];
  const pixels = deflateSync(Uint8Array.from([0, 0x8b, 0x5a, 0x2b, 0xff]));
  return concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    ...extraChunks,
    pngChunk('IDAT', pixels),
    pngChunk('IEND', []),
  ]);
}

/** A JPEG marker segment: the marker and its length (which counts itself), then the data. */
export function jpegSegment(marker: number, data: number[] | Uint8Array): Uint8Array {
  const length = data.length + 2;
  return concat([[0xff, marker, length >> 8, length & 0xff], data]);
}

/** An 8×8 grey baseline JPEG, with `extraSegments` (a comment, say) after JFIF's APP0. */
export function photoJpeg(extraSegments: Uint8Array[] = []): Uint8Array {
  const oneCodeTable = (tableClass: number) => [tableClass, 1, ...Array<number>(15).fill(0), 0x00];
  return concat([
    [0xff, 0xd8],
    jpegSegment(0xe0, [...ascii('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...extraSegments,
    jpegSegment(0xdb, [0, ...Array<number>(64).fill(1)]),
    jpegSegment(0xc0, [8, 0, 8, 0, 8, 1, 1, 0x11, 0]),
    jpegSegment(0xc4, oneCodeTable(0x00)),
    jpegSegment(0xc4, oneCodeTable(0x10)),
    jpegSegment(0xda, [1, 1, 0x00, 0, 63, 0]),
    // DC difference 0 (code 0) and end of block (code 0), padded with ones.
    [0x3f],
    [0xff, 0xd9],
  ]);
}

/** A 1×1 lossless WebP: RIFF, its length, WEBP and one VP8L chunk. */
export function photoWebp(): Uint8Array {
  return Uint8Array.from(Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64'));
}

/** An ISO BMFF box: its size (which counts itself and the type), its type, then the content. */
export function bmffBox(type: string, content: Uint8Array | number[]): Uint8Array {
  return concat([uint32(content.length + 8), type, content]);
}

/** A HEIC's top level: ftyp (heic, compatible mif1 and heic), a meta box naming a picture handler, and mdat. */
export function photoHeic(): Uint8Array {
  const fullBox = (type: string, content: Uint8Array | number[]) => bmffBox(type, concat([[0, 0, 0, 0], content]));
  return concat([
    bmffBox('ftyp', concat(['heic', uint32(0), 'mif1', 'heic'])),
    fullBox(
      'meta',
      concat([
        fullBox('hdlr', concat([uint32(0), 'pict', uint32(0), uint32(0), uint32(0), '\0'])),
        fullBox('pitm', [0, 1]),
      ]),
    ),
    bmffBox('mdat', Array<number>(32).fill(0x26)),
  ]);
}

/** What the review uploaded: a JPEG header followed by HTML, and a PNG header followed by SVG that runs script. */
export function jpegHeaderThenHtml(): Uint8Array {
  return concat([[0xff, 0xd8, 0xff, 0xe0], '<html><body><script>alert(document.domain)</script></body></html>']);
}

export function pngHeaderThenSvg(): Uint8Array {
  return concat([PNG_SIGNATURE, '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)"/>']);
}
