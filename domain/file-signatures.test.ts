import { describe, expect, it } from 'vitest';
import { imageTypeOf } from './file-signatures';

const bytes = (...parts: Array<number[] | string>) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));

describe('imageTypeOf', () => {
  it('knows JPEG, PNG, WebP and HEIC by their first bytes', () => {
    expect(imageTypeOf(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))).toBe('image/jpeg');
    expect(imageTypeOf(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png');
    expect(imageTypeOf(bytes('RIFF', [0, 1, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
    expect(imageTypeOf(bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0]))).toBe('image/heic');
  });

  it('refuses anything else, whatever it is called', () => {
    expect(imageTypeOf(bytes('%PDF-1.7'))).toBeNull();
    expect(imageTypeOf(bytes('MZ', [0x90, 0]))).toBeNull();
    expect(imageTypeOf(bytes('<html><body>'))).toBeNull();
    expect(imageTypeOf(bytes([0, 0, 0, 0x18], 'ftypmp42'))).toBeNull();
    expect(imageTypeOf(new Uint8Array())).toBeNull();
  });
});
