import { describe, expect, it } from 'vitest';
import { asSingleLine, multiLineText, singleLineText } from './text';

const name = singleLineText('Name', { error: 'Please enter your name.' }).min(1, 'Please enter your name.').max(20, 'Please shorten your name.');
const message = multiLineText('Message').min(1, 'Please enter a message.').max(50);

const refusal = (schema: typeof name | typeof message, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? null : result.error.issues[0]!.message;
};

/** Each character the review found stored as sent, and what it is. */
const REFUSED_EVERYWHERE: Array<[string, string]> = [
  ['\u0000', 'NUL'],
  ['\u0007', 'BEL'],
  ['\t', 'TAB'],
  ['\u000b', 'vertical tab'],
  ['\u001b', 'ESC'],
  ['\u007f', 'DEL'],
  ['\u0085', 'NEL (C1)'],
  ['\u009b', 'CSI (C1)'],
  ['\u2028', 'line separator'],
  ['\u2029', 'paragraph separator'],
  ['\u202a', 'left-to-right embedding'],
  ['\u202e', 'right-to-left override'],
  ['\u2066', 'left-to-right isolate'],
  ['\u2069', 'pop directional isolate'],
  ['\ud800', 'lone high surrogate'],
  ['\udc00', 'lone low surrogate'],
];

describe('singleLineText', () => {
  it('trims and keeps ordinary text of any script, emoji included', () => {
    for (const text of ['Ana López', "O'Brien-Smith", 'Zoë 🙂', 'שלום', 'مرحبا', '東京', '👩‍👩‍👧 family']) {
      expect(name.parse(`  ${text} `)).toBe(text);
    }
  });

  it('normalises to NFC, so one name is stored one way', () => {
    expect(name.parse('Zoe\u0308')).toBe('Zo\u00eb');
  });

  it.each(REFUSED_EVERYWHERE)('refuses %j (%s) inside the text, naming the field', (character) => {
    expect(refusal(name, `Ana${character}Lopez`)).toBe('Name contains characters that are not allowed.');
  });

  it('refuses line breaks inside the text: a name never reaches a mail header as two lines', () => {
    for (const text of ['Hi\r\nBcc: x@example.com', 'Hi\nthere', 'Hi\rthere']) {
      expect(refusal(name, text)).toBe('Name contains characters that are not allowed.');
    }
  });

  it('keeps the right-to-left and left-to-right marks, which reorder nothing around them', () => {
    expect(name.parse('\u200fשלום\u200e')).toBe('\u200fשלום\u200e');
    expect(name.parse('\u061cمرحبا')).toBe('\u061cمرحبا');
  });

  it("keeps the field's own messages and limits", () => {
    expect(refusal(name, '   ')).toBe('Please enter your name.');
    expect(refusal(name, 42)).toBe('Please enter your name.');
    expect(refusal(name, 'x'.repeat(21))).toBe('Please shorten your name.');
  });
});

describe('multiLineText', () => {
  it('keeps line breaks, as LF', () => {
    expect(message.parse('Hello,\r\nthe blinds\rarrived.\n\nThanks')).toBe('Hello,\nthe blinds\narrived.\n\nThanks');
  });

  it.each(REFUSED_EVERYWHERE)('refuses %j (%s), naming the field', (character) => {
    expect(refusal(message, `Hello${character}there`)).toBe('Message contains characters that are not allowed.');
  });

  it('trims and normalises to NFC', () => {
    expect(message.parse('\n  Cafe\u0301 \n')).toBe('Caf\u00e9');
  });
});

describe('asSingleLine', () => {
  it('makes each run of refused characters one space, so a header stays one line', () => {
    expect(asSingleLine('Hi\r\nBcc: x@example.com')).toBe('Hi Bcc: x@example.com');
    expect(asSingleLine('\u202eevil\u0000\u001b[31m text\n')).toBe('evil [31m text');
    for (const [character] of REFUSED_EVERYWHERE) expect(asSingleLine(`a${character}b`)).toBe('a b');
  });

  it('leaves ordinary text as it is', () => {
    expect(asSingleLine('Contact form: Zoë 🙂 שלום')).toBe('Contact form: Zoë 🙂 שלום');
  });
});
