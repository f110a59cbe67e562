/**
 * What the checks of uploaded files (domain/image-file.ts, domain/resume-file.ts) share: reading
 * bytes as text, matching a file's first bytes (its magic number), and finding markup a browser
 * would render or run anywhere in a file. Pure.
 */

/** One character per byte: enough to match ASCII markers anywhere in binary content. */
export function latin1(bytes: Uint8Array, start = 0, end = bytes.length): string {
  return new TextDecoder('latin1').decode(bytes.subarray(start, end));
}

/** Whether the bytes begin with these. */
export function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);
}

/**
 * HTML a browser would render or run: the elements that make a page or run script (`<svg/onload=…>`
 * included, whose name ends in a slash), and the load and error handlers script rides on. None
 * belongs in an image or a résumé, so finding one means the file is also something else.
 */
const HTML_MARKUP =
  /<(?:!doctype\s+html|html[\s/>]|head[\s/>]|body[\s/>]|script[\s/>]|iframe[\s/>]|svg[\s/>]|object[\s/>]|embed[\s/>])|\bon(?:load|error)\s*=/i;

/** Whether a file, read as `latin1` text, holds HTML markup anywhere. */
export function hasHtmlMarkup(text: string): boolean {
  return HTML_MARKUP.test(text);
}
