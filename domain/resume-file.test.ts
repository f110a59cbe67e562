import { describe, expect, it } from 'vitest';
import {
  concat,
  htmlPage,
  pdfHtmlPolyglot,
  plainZip,
  renamedExecutable,
  resumeDoc,
  resumeDocx,
  resumePdf,
} from '../tests/support/resume-files';
import { resumeKindOf } from './resume-file';

const text = (value: string) => new TextEncoder().encode(value);

describe('resumeKindOf', () => {
  it('knows a PDF, a DOCX and a DOC by their bytes', async () => {
    expect(resumeKindOf(await resumePdf())).toBe('pdf');
    expect(resumeKindOf(resumeDocx())).toBe('docx');
    expect(resumeKindOf(resumeDoc())).toBe('doc');
  });

  it('accepts a PDF with trailing whitespace after its end marker', async () => {
    expect(resumeKindOf(concat([await resumePdf(), text('\r\n  \n')]))).toBe('pdf');
  });

  it('refuses a renamed executable, an HTML page and an empty file', () => {
    expect(resumeKindOf(renamedExecutable())).toBeNull();
    expect(resumeKindOf(htmlPage())).toBeNull();
    expect(resumeKindOf(new Uint8Array())).toBeNull();
  });

  it('refuses polyglots: a PDF header before HTML, a PDF with a page appended, a DOCX with a script appended', async () => {
    expect(resumeKindOf(pdfHtmlPolyglot())).toBeNull();
    expect(resumeKindOf(concat([await resumePdf(), text('<html><script>alert(1)</script></html>')]))).toBeNull();
    expect(resumeKindOf(concat([await resumePdf(), text('MZ not a pdf any more')]))).toBeNull();
    expect(resumeKindOf(concat([resumeDocx(), text('trailing bytes')]))).toBeNull();
  });

  it('refuses a ZIP that is not a Word document and a compound file without a WordDocument stream', () => {
    expect(resumeKindOf(plainZip())).toBeNull();
    const spreadsheet = resumeDoc();
    spreadsheet.fill(0, 512 + 128, 512 + 160);
    expect(resumeKindOf(spreadsheet)).toBeNull();
  });

  it('refuses a truncated DOCX whose directory points past the file', () => {
    const docx = resumeDocx();
    const view = new DataView(docx.buffer);
    view.setUint32(docx.length - 6, docx.length, true);
    expect(resumeKindOf(docx)).toBeNull();
  });
});
