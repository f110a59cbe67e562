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
 *
 * A field that takes neither builder is still held to them: withTextRules checks every string a
 * request schema parsed, whatever made it (security review, issue 24; docs/decisions/0037).
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

/** Whether `text` holds none of the characters above but line feeds: what a multi-line field may keep. */
function isLines(text: string): boolean {
  return !REFUSED_IN_LINES.test(text);
}

/**
 * The multi-line fields: what multiLineText makes, and (zod's registry follows a schema's parent)
 * every schema chained from one, such as `.max(…)`. withTextRules lets line feeds through only there.
 */
const multiLineFields = z.registry<{ lines: 'several' }>();

/** A field of several lines (a message): line breaks are kept, as LF (CRLF and CR become LF); nothing else above is. */
export function multiLineText(label: string, params?: StringParams) {
  return z
    .string(params)
    .overwrite((text) => text.replace(/\r\n?/g, '\n'))
    .trim()
    .overwrite(nfc)
    .refine(isLines, charactersNotAllowedMessage(label))
    .register(multiLineFields, { lines: 'several' });
}

/** The refusal of a field that took neither builder, so has no label of its own; the issue's path names it. */
export const FIELD_CHARACTERS_NOT_ALLOWED = charactersNotAllowedMessage('This field');

type Schema = z.core.$ZodType;
type Path = PropertyKey[];

/**
 * The schemas that may have made the value at `path` of what `schema` parsed: through wrappers,
 * both ends of a pipe, every option of a union and both sides of an intersection. A transform's
 * output is opaque, so a field only a transform makes is found nowhere (and so kept to one line).
 */
function schemasAt(schema: Schema, path: Path): Schema[] {
  const def = (schema as z.core.$ZodTypes)._zod.def;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return schemasAt(def.innerType, path);
    case 'pipe':
      return [...schemasAt(def.in, path), ...schemasAt(def.out, path)];
    case 'union':
      return def.options.flatMap((option) => schemasAt(option, path));
    case 'intersection':
      return [...schemasAt(def.left, path), ...schemasAt(def.right, path)];
    case 'lazy':
      return schemasAt(def.getter(), path);
  }
  if (path.length === 0) return [schema];
  const [key, ...rest] = path;
  switch (def.type) {
    case 'object': {
      const field = Object.hasOwn(def.shape, key!) ? def.shape[key as string] : def.catchall;
      return field ? schemasAt(field, rest) : [];
    }
    case 'array':
      return schemasAt(def.element, rest);
    case 'tuple': {
      const item = def.items[key as number] ?? def.rest;
      return item ? schemasAt(item, rest) : [];
    }
    case 'record':
      return schemasAt(def.valueType, rest);
    default:
      return [];
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null &&
  typeof value === 'object' &&
  [Object.prototype, null].includes(Object.getPrototypeOf(value) as object | null);

/** A value inside a parsed body: its key and its parent, from which its path is made only when it is refused. */
interface Place {
  value: unknown;
  key?: PropertyKey;
  parent?: Place;
}

function pathOf(place: Place): Path {
  const path: Path = [];
  for (let at: Place | undefined = place; at?.parent; at = at.parent) path.unshift(at.key!);
  return path;
}

/** Each schema withTextRules made, by the schema it was made from: requests parse through the same one. */
const textRuledSchemas = new WeakMap<z.ZodType, z.ZodType>();

/**
 * `schema`, refusing any string in what it parsed (every value and every object key, at any depth)
 * that holds a character refused above; line feeds only in a field made by multiLineText. Each
 * refusal names the field by its path. A field made by a builder refuses first, with its label.
 * Request bodies are parsed through it in one place on the server (functions/lib/http.ts'
 * parseBody and parseQuery, the chat socket's actions), so no field can miss the rules.
 */
export function withTextRules<S extends z.ZodType>(schema: S): S {
  const made = textRuledSchemas.get(schema);
  if (made) return made as S;
  const ruled = schema.superRefine((parsed, context) => {
    const refuse = (place: Place) =>
      context.addIssue({ code: 'custom', message: FIELD_CHARACTERS_NOT_ALLOWED, path: pathOf(place) });
    // Depth first without recursion, so a body nested thousands deep is walked like any other.
    const pending: Place[] = [];
    const visit = (value: unknown, key?: PropertyKey, parent?: Place) => {
      if (typeof value === 'string') {
        if (isSingleLine(value)) return;
        const place = { value, key, parent };
        if (!isLines(value) || !schemasAt(schema, pathOf(place)).some((field) => multiLineFields.get(field)))
          refuse(place);
      } else if (Array.isArray(value) || isPlainObject(value)) {
        pending.push({ value, key, parent });
      }
    };
    visit(parsed);
    for (let parent = pending.pop(); parent; parent = pending.pop()) {
      if (Array.isArray(parent.value)) {
        for (let index = 0; index < parent.value.length; index += 1) visit(parent.value[index], index, parent);
        continue;
      }
      for (const [key, item] of Object.entries(parent.value as Record<string, unknown>)) {
        if (!isSingleLine(key)) refuse({ value: key, key, parent });
        visit(item, key, parent);
      }
    }
  });
  textRuledSchemas.set(schema, ruled);
  return ruled;
}

/**
 * `text` as one line holding none of the characters above: each run of them becomes a space. For
 * what reaches a mail header, whatever validation it passed on the way.
 */
export function asSingleLine(text: string): string {
  return text.replace(REFUSED_RUNS, ' ').trim();
}
