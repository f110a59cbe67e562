import { describe, expect, it } from 'vitest';
import {
  bmffBox,
  concat,
  jpegHeaderThenHtml,
  jpegSegment,
  photoHeic,
  photoJpeg,
  photoPng,
  photoWebp,
  pngChunk,
  pngHeaderThenSvg,
} from '../tests/support/image-files';
import { imageTypeOf } from './image-file';

describe('imageTypeOf', () => {
  it('knows a whole PNG, JPEG, WebP and HEIC', () => {
    expect(imageTypeOf(photoPng())).toBe('image/png');
    expect(imageTypeOf(photoJpeg())).toBe('image/jpeg');
    expect(imageTypeOf(photoWebp())).toBe('image/webp');
    expect(imageTypeOf(photoHeic())).toBe('image/heic');
  });

  it('accepts what images ordinarily carry: text chunks, comments, XMP metadata, and more images after a JPEG’s end', () => {
    expect(imageTypeOf(photoPng([pngChunk('tEXt', concat(['Software\0', 'Phone camera']))]))).toBe('image/png');
    const xmp = concat([
      'http://ns.adobe.com/xap/1.0/\0',
      '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"/>',
    ]);
    expect(imageTypeOf(photoJpeg([jpegSegment(0xfe, concat(['A comment'])), jpegSegment(0xe1, xmp)]))).toBe(
      'image/jpeg',
    );
    // The Multi-Picture Format (camera previews, Ultra HDR gain maps) stores further JPEGs after the first EOI.
    expect(imageTypeOf(concat([photoJpeg(), photoJpeg()]))).toBe('image/jpeg');
  });

  it('refuses the review’s polyglots: a JPEG header followed by HTML, a PNG header followed by SVG', () => {
    expect(imageTypeOf(jpegHeaderThenHtml())).toBeNull();
    expect(imageTypeOf(pngHeaderThenSvg())).toBeNull();
  });

  it('refuses markup inside a well-formed image, wherever it is', () => {
    expect(imageTypeOf(photoPng([pngChunk('tEXt', concat(['Comment\0', '<svg/onload=alert(1)>']))]))).toBeNull();
    expect(imageTypeOf(photoJpeg([jpegSegment(0xfe, concat(['<SCRIPT>alert(1)</SCRIPT>']))]))).toBeNull();
    expect(imageTypeOf(photoJpeg([jpegSegment(0xfe, concat(['<?xml version="1.0"?><x/>']))]))).toBeNull();
    expect(imageTypeOf(concat([photoJpeg(), '<!DOCTYPE html><p>after the end']))).toBeNull();
    expect(imageTypeOf(concat([photoJpeg(), '<img src=x onerror=alert(1)>']))).toBeNull();
  });

  it('refuses a PNG with anything after IEND, a wrong CRC, no IHDR first, no image data, or cut short', () => {
    const png = photoPng();
    expect(imageTypeOf(concat([png, 'trailing bytes']))).toBeNull();
    const badCrc = png.slice();
    badCrc[png.length - 13] = (badCrc[png.length - 13] as number) ^ 1;
    expect(imageTypeOf(badCrc)).toBeNull();
    expect(imageTypeOf(concat([png.subarray(0, 8), pngChunk('tEXt', concat(['a\0b'])), png.subarray(8)]))).toBeNull();
    expect(imageTypeOf(concat([png.subarray(0, 33), pngChunk('IEND', [])]))).toBeNull();
    expect(imageTypeOf(png.subarray(0, png.length - 1))).toBeNull();
  });

  it('refuses a JPEG without its EOI, with a segment running past the end, or with no frame or scan', () => {
    const jpeg = photoJpeg();
    expect(imageTypeOf(jpeg.subarray(0, jpeg.length - 2))).toBeNull();
    expect(imageTypeOf(concat([jpeg.subarray(0, 2), [0xff, 0xfe, 0x7f, 0xff], 'short']))).toBeNull();
    expect(
      imageTypeOf(
        concat([[0xff, 0xd8], jpegSegment(0xe0, concat(['JFIF\0', [1, 1, 0, 0, 1, 0, 1, 0, 0]])), [0xff, 0xd9]]),
      ),
    ).toBeNull();
  });

  it('refuses a WebP whose RIFF length is not the file’s, or whose chunks do not fill it', () => {
    const webp = photoWebp();
    expect(imageTypeOf(concat([webp, '<html>']))).toBeNull();
    const longer = concat([webp, [0, 0]]);
    new DataView(longer.buffer).setUint32(4, longer.length - 8, true);
    expect(imageTypeOf(longer)).toBeNull();
  });

  it('refuses a HEIC whose boxes do not cover the file exactly, or that has no meta box', () => {
    const heic = photoHeic();
    expect(imageTypeOf(concat([heic, 'tail']))).toBeNull();
    expect(imageTypeOf(heic.subarray(0, heic.length - 1))).toBeNull();
    expect(
      imageTypeOf(concat([bmffBox('ftyp', concat(['heic', [0, 0, 0, 0], 'mif1'])), bmffBox('mdat', [1, 2, 3])])),
    ).toBeNull();
  });

  it('refuses anything else, whatever it is called', () => {
    expect(imageTypeOf(concat(['%PDF-1.7']))).toBeNull();
    expect(imageTypeOf(concat(['MZ', [0x90, 0]]))).toBeNull();
    expect(imageTypeOf(concat(['<html><body>']))).toBeNull();
    expect(imageTypeOf(concat([[0, 0, 0, 0x18], 'ftypmp42']))).toBeNull();
    expect(imageTypeOf(new Uint8Array())).toBeNull();
  });
});
