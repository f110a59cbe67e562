import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';

/** Windows-1252 where it differs from Latin-1 (Node's TextDecoder may read it as Latin-1). */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';

function windows1252(bytes: Buffer): string {
  return [...bytes]
    .map((byte) => (byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH[byte - 0x80]! : String.fromCharCode(byte)))
    .join('');
}

/**
 * Loads a PDF with pdf-lib (so it must parse) and answers the text each page draws, in drawing
 * order: the page's content streams inflated and every hex string shown with Tj read as
 * Windows-1252, which is how pdf-lib writes text in the standard fonts.
 */
export async function pdfPagesText(bytes: Uint8Array): Promise<string[][]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    return streams
      .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream)
      .flatMap((stream) => {
        const operators = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
        return [...operators.matchAll(/<([0-9A-Fa-f]*)> Tj/g)].map(([, hex]) => windows1252(Buffer.from(hex!, 'hex')));
      });
  });
}
