import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { asSingleLine, FIELD_CHARACTERS_NOT_ALLOWED, multiLineText, singleLineText, withTextRules } from './text';

const name = singleLineText('Name', { error: 'Please enter your name.' })
  .min(1, 'Please enter your name.')
  .max(20, 'Please shorten your name.');
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

describe('withTextRules', () => {
  /** Each refused field's path and message (sorted by path), or the parsed value. */
  const parse = (schema: z.ZodType, input: unknown) => {
    const result = withTextRules(schema).safeParse(input);
    return result.success
      ? { value: result.data }
      : { refused: result.error.issues.map((issue) => [issue.path.join('.'), issue.message]).sort() };
  };

  it.each(REFUSED_EVERYWHERE)('refuses %j (%s) in a field that took no builder, naming it by its path', (character) => {
    const schema = z.object({ orderNumber: z.string().trim().min(1) });
    expect(parse(schema, { orderNumber: `PO${character}17` })).toEqual({
      refused: [['orderNumber', FIELD_CHARACTERS_NOT_ALLOWED]],
    });
  });

  it('refuses CR, LF and CRLF in a field that took no builder: a URL parser drops them, the field would keep them', () => {
    const schema = z.object({ url: z.string().refine((text) => URL.canParse(text)) });
    for (const url of ['https://example.com/\r\nhook', 'https://example.com/\nhook', 'https://exa\rmple.com/']) {
      expect(parse(schema, { url })).toEqual({ refused: [['url', FIELD_CHARACTERS_NOT_ALLOWED]] });
    }
  });

  it('walks every depth: nested objects, arrays, records and their keys, optional and defaulted fields', () => {
    const schema = z.object({
      customer: z.object({ name: z.string() }),
      lines: z.array(z.object({ sku: z.string() })),
      fields: z.record(z.string(), z.string()),
      note: z.string().optional().default(''),
    });
    expect(
      parse(schema, {
        customer: { name: 'Ana\u0000' },
        lines: [{ sku: 'A1' }, { sku: 'B\u202e2' }],
        fields: { 'x\ny': 'ok', z: '\ud800' },
        note: '\u001b',
      }),
    ).toEqual({
      refused: [
        ['customer.name', FIELD_CHARACTERS_NOT_ALLOWED],
        ['fields.x\ny', FIELD_CHARACTERS_NOT_ALLOWED],
        ['fields.z', FIELD_CHARACTERS_NOT_ALLOWED],
        ['lines.1.sku', FIELD_CHARACTERS_NOT_ALLOWED],
        ['note', FIELD_CHARACTERS_NOT_ALLOWED],
      ],
    });
  });

  it('checks what the schema made, through pipes, transforms and fields read as unknown', () => {
    const address = z.object({ city: z.string() });
    const schema = z
      .object({ shipping: address, billing: z.unknown() })
      .transform(({ shipping, billing }) => ({ shipping, billing: address.parse(billing) }));
    expect(parse(schema, { shipping: { city: 'Plano' }, billing: { city: 'Plano\u2028' } })).toEqual({
      refused: [['billing.city', FIELD_CHARACTERS_NOT_ALLOWED]],
    });
  });

  it('keeps line feeds only in a multi-line field, however it is wrapped, chained or reached', () => {
    const schema = z.object({
      notes: multiLineText('Notes').max(100).optional().default(''),
      steps: z.array(z.union([z.object({ text: multiLineText('Step') }), z.number()])),
      title: z.string(),
    });
    expect(
      parse(schema, { notes: 'Gate code 12\r\nRing twice', steps: [{ text: 'One\ntwo' }, 3], title: 'Hi' }),
    ).toEqual({
      value: { notes: 'Gate code 12\nRing twice', steps: [{ text: 'One\ntwo' }, 3], title: 'Hi' },
    });
    expect(parse(schema, { steps: [], title: 'Hi\nthere' })).toEqual({
      refused: [['title', FIELD_CHARACTERS_NOT_ALLOWED]],
    });
  });

  it("leaves a builder's own refusal, with its label, as the field's first message", () => {
    const schema = z.object({ name: singleLineText('Name'), message: multiLineText('Message') });
    const result = withTextRules(schema).safeParse({ name: 'Ana\u0000', message: 'Hi\u202e' });
    const first = new Map<string, string>();
    for (const issue of result.error!.issues)
      if (!first.has(issue.path.join('.'))) first.set(issue.path.join('.'), issue.message);
    expect(Object.fromEntries(first)).toEqual({
      name: 'Name contains characters that are not allowed.',
      message: 'Message contains characters that are not allowed.',
    });
  });

  it('passes ordinary text of any script, and what is not text, as parsed', () => {
    const schema = z.object({ name: z.string(), count: z.number(), on: z.boolean(), at: z.null() });
    const body = { name: 'Zoë 🙂 \u200fשלום \u061cمرحبا', count: 2, on: true, at: null };
    expect(parse(schema, body)).toEqual({ value: body });
  });

  it('walks a body nested thousands deep without running out of stack', () => {
    let deep: unknown = 'x\u0000';
    for (let depth = 0; depth < 3000; depth += 1) deep = [deep];
    expect(parse(z.object({ data: z.unknown() }), { data: deep })).toEqual({
      refused: [[['data', ...Array(3000).fill(0)].join('.'), FIELD_CHARACTERS_NOT_ALLOWED]],
    });
  });
});
