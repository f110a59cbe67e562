/**
 * Short codes people read out over the phone (sample request references, order numbers): no 0/O
 * or 1/I, so none is misheard. 32 characters, so each random byte picks one without bias.
 */
export const READABLE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** `length` characters chosen by the given random bytes (at least `length` of them). */
export function readableCode(randomBytes: Uint8Array, length: number): string {
  if (randomBytes.length < length) throw new Error(`A code of ${length} characters needs ${length} random bytes`);
  let code = '';
  for (let i = 0; i < length; i += 1) code += READABLE_ALPHABET[randomBytes[i]! % READABLE_ALPHABET.length];
  return code;
}
