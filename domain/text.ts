/**
 * Free text as every request schema takes it (security review, issue 8): what the shop stores and
 * mails is what a person could have typed. Both builders trim and NFC-normalise, then refuse the
 * characters below with a message naming the field; they are zod strings, so each field chains its
 * own messages and limits after them.
 *
 * Refused: C0 and C1 controls and DEL (so NUL, ESC, CR, LF and TAB too: a single-line box cannot
 * type a tab, and a pasted one is refused rather than guessed at), the Unicode line and paragraph
 * separators, the bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069,
 * which reorder the text around them), and lone surrogates (not text at all). Kept: the left-to-right,
 * right-to-left and Arabic letter marks (U+200E, U+200F, U+061C), which reorder nothing beyond
 * themselves and which right-to-left keyboards type.
 */
import * as z from 'zod';

const REFUSED = String.raw`\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069\p{Surrogate}`;
const REFUSED_IN_A_LINE = new RegExp(`[${REFUSED}]`, 'u');
const REFUSED_IN_LINES = new RegExp(`(?!\\n)[${REFUSED}]`, 'u');
const REFUSED_RUNS = new RegExp(`[${REFUSED}]+`, 'gu');

export function charactersNotAllowedMessage(label: string): string {
  return `${label} contains characters that are not allowed.`;
}

type StringParams = Parameters<typeof z.string>[0];

const nfc = (text: string) => text.normalize('NFC');

/** Whether `text` holds none of the characters above: what a one-line field may keep. */
export function isSingleLine(text: string): boolean {
  return !REFUSED_IN_A_LINE.test(text);
}

/** A one-line field (a name, a subject, an address line). `label` names the field in the refusal. */
export function singleLineText(label: string, params?: StringParams) {
  return z.string(params).trim().overwrite(nfc).refine(isSingleLine, charactersNotAllowedMessage(label));
}

/** A field of several lines (a message): line breaks are kept, as LF (CRLF and CR become LF); nothing else above is. */
export function multiLineText(label: string, params?: StringParams) {
  return z
    .string(params)
    .overwrite((text) => text.replace(/\r\n?/g, '\n'))
    .trim()
    .overwrite(nfc)
    .refine((text) => !REFUSED_IN_LINES.test(text), charactersNotAllowedMessage(label));
}

/**
 * `text` as one line holding none of the characters above: each run of them becomes a space. For
 * what reaches a mail header, whatever validation it passed on the way.
 */
export function asSingleLine(text: string): string {
  return text.replace(REFUSED_RUNS, ' ').trim();
}
