/**
 * What a stored résumé really is, read from its bytes rather than from the name or type the browser
 * gave it (docs/decisions/0023). Only three kinds pass, each checked for the structure that kind must
 * have, so a renamed executable, an HTML page or a polyglot (a file that is two kinds at once, such
 * as a PDF header in front of HTML, or a ZIP that is not a Word document) is refused. Pure.
 */
import { hasHtmlMarkup, latin1, startsWith } from './file-signatures';

export const RESUME_KINDS = ['pdf', 'doc', 'docx'] as const;
export type ResumeKind = (typeof RESUME_KINDS)[number];

export const RESUME_CONTENT_TYPES: Record<ResumeKind, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** The kind of résumé the bytes are, or null when they are none of the three or more than one thing. */
export function resumeKindOf(bytes: Uint8Array): ResumeKind | null {
  const kind = declaredKind(bytes);
  if (!kind) return null;
  // None of the three holds markup in plain text: a PDF's text sits in compressed streams, a DOCX's
  // in deflated XML, a DOC's in binary records.
  if (hasHtmlMarkup(latin1(bytes))) return null;
  if (kind === 'pdf') return isWholePdf(bytes) ? 'pdf' : null;
  if (kind === 'docx') return isWordZip(bytes) ? 'docx' : null;
  return isWordCompoundFile(bytes) ? 'doc' : null;
}

function declaredKind(bytes: Uint8Array): ResumeKind | null {
  if (latin1(bytes, 0, 5) === '%PDF-') return 'pdf';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return 'docx';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'doc';
  return null;
}

/** A PDF ends with its `%%EOF` marker (whitespace after it allowed); anything else appended is another file riding along. */
function isWholePdf(bytes: Uint8Array): boolean {
  return /%%EOF\s*$/.test(latin1(bytes, Math.max(0, bytes.length - 1024)));
}

/**
 * A Word document is a ZIP whose central directory lists `[Content_Types].xml` and the `word/`
 * part. The directory is found from the end-of-central-directory record, which must close the file:
 * bytes after it (a ZIP with something appended) are refused.
 */
function isWordZip(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const END_RECORD = 0x06054b50;
  const END_RECORD_SIZE = 22;
  let end = -1;
  // The record is 22 bytes plus a comment of up to 65,535.
  for (let at = bytes.length - END_RECORD_SIZE; at >= Math.max(0, bytes.length - END_RECORD_SIZE - 0xffff); at--) {
    if (
      view.getUint32(at, true) === END_RECORD &&
      at + END_RECORD_SIZE + view.getUint16(at + 20, true) === bytes.length
    ) {
      end = at;
      break;
    }
  }
  if (end < 0) return false;
  const entries = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const names = new Set<string>();
  for (let i = 0; i < entries; i++) {
    if (at + 46 > end || view.getUint32(at, true) !== 0x02014b50) return false;
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    names.add(new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength)));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names.has('[Content_Types].xml') && [...names].some((name) => name.startsWith('word/'));
}

/**
 * A Word 97-2003 document is an OLE2 compound file (little-endian, 512- or 4096-byte sectors) whose
 * directory holds the `WordDocument` stream; other compound files (spreadsheets, installers) do not.
 */
function isWordCompoundFile(bytes: Uint8Array): boolean {
  if (bytes.length < 512) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const littleEndian = view.getUint16(28, true) === 0xfffe;
  const sectorShift = view.getUint16(30, true);
  if (!littleEndian || (sectorShift !== 9 && sectorShift !== 12)) return false;
  return latin1(bytes).includes(WORD_DOCUMENT_STREAM_NAME);
}

/** Directory entry names are UTF-16LE: each ASCII letter followed by a zero byte. */
const WORD_DOCUMENT_STREAM_NAME = [...'WordDocument'].map((letter) => `${letter}\0`).join('');
