/**
 * Small résumé files built in the tests, real enough for a reader of each kind: a PDF from pdf-lib,
 * a DOCX as the ZIP Word writes (content types, relationships, the document part) and the first
 * sectors of a Word 97-2003 compound file; and the files an upload must refuse.
 */
import { crc32 } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';

export async function resumePdf(text = 'Ann Applicant, installer'): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const page = document.addPage();
  page.drawText(text, { x: 50, y: 700, size: 14, font: await document.embedFont(StandardFonts.Helvetica) });
  return document.save();
}

export function resumeDocx(text = 'Ann Applicant, installer'): Uint8Array {
  return zipOf({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    'word/document.xml':
      '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
      `<w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`,
  });
}

/** The header sector and a directory sector naming the WordDocument stream, as Word 97-2003 writes them. */
export function resumeDoc(): Uint8Array {
  const file = new Uint8Array(1536);
  const view = new DataView(file.buffer);
  file.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  view.setUint16(24, 0x003e, true); // minor version
  view.setUint16(26, 0x0003, true); // major version 3: 512-byte sectors
  view.setUint16(28, 0xfffe, true); // little-endian
  view.setUint16(30, 9, true); // sector shift
  view.setUint16(32, 6, true); // mini sector shift
  view.setUint32(48, 0, true); // first directory sector
  const directory = 512;
  [...'Root Entry'].forEach((letter, i) => view.setUint16(directory + i * 2, letter.charCodeAt(0), true));
  [...'WordDocument'].forEach((letter, i) => view.setUint16(directory + 128 + i * 2, letter.charCodeAt(0), true));
  return file;
}

/** A Windows executable's first bytes, as a file renamed to resume.pdf would carry them. */
export function renamedExecutable(): Uint8Array {
  const file = new Uint8Array(2048);
  file.set(new TextEncoder().encode('MZ'));
  file.set(new TextEncoder().encode('This program cannot be run in DOS mode.'), 78);
  return file;
}

export function htmlPage(): Uint8Array {
  return new TextEncoder().encode('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>');
}

/** A PDF header with an HTML page behind it: a viewer sees a PDF, a browser runs the script. */
export function pdfHtmlPolyglot(): Uint8Array {
  return new TextEncoder().encode(
    '%PDF-1.7\n%\u00e2\u00e3\n<html><body><script>alert(1)</script></body></html>\n%%EOF\n',
  );
}

/** A ZIP that is not a Word document (no [Content_Types].xml, no word/ part). */
export function plainZip(): Uint8Array {
  return zipOf({ 'payload.js': 'console.log("not a resume")' });
}

/** `bytes` followed by filler up to `size` bytes (an oversize upload that starts like a real file). */
export function paddedTo(bytes: Uint8Array, size: number): Uint8Array {
  const file = new Uint8Array(size);
  file.set(bytes);
  return file;
}

/** A ZIP of stored (uncompressed) entries, with its central directory and end record. */
export function zipOf(entries: Record<string, string>): Uint8Array {
  const encoder = new TextEncoder();
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const nameBytes = encoder.encode(name);
    const data = encoder.encode(text);
    const crc = crc32(data);
    const local = new Uint8Array(30 + nameBytes.length + data.length);
    const localView = new DataView(local.buffer);
    localView.setUint32(0, 0x04034b50, true);
    localView.setUint16(4, 20, true);
    localView.setUint32(14, crc, true);
    localView.setUint32(18, data.length, true);
    localView.setUint32(22, data.length, true);
    localView.setUint16(26, nameBytes.length, true);
    local.set(nameBytes, 30);
    local.set(data, 30 + nameBytes.length);
    const central = new Uint8Array(46 + nameBytes.length);
    const centralView = new DataView(central.buffer);
    centralView.setUint32(0, 0x02014b50, true);
    centralView.setUint16(4, 20, true);
    centralView.setUint16(6, 20, true);
    centralView.setUint32(16, crc, true);
    centralView.setUint32(20, data.length, true);
    centralView.setUint32(24, data.length, true);
    centralView.setUint16(28, nameBytes.length, true);
    centralView.setUint32(42, offset, true);
    central.set(nameBytes, 46);
    locals.push(local);
    centrals.push(central);
    offset += local.length;
  }
  const directorySize = centrals.reduce((sum, entry) => sum + entry.length, 0);
  const end = new Uint8Array(22);
  const endView = new DataView(end.buffer);
  endView.setUint32(0, 0x06054b50, true);
  endView.setUint16(8, centrals.length, true);
  endView.setUint16(10, centrals.length, true);
  endView.setUint32(12, directorySize, true);
  endView.setUint32(16, offset, true);
  return concat([...locals, ...centrals, end]);
}

export function concat(parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}
