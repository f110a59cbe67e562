/**
 * cXML Money text and integer cents. Buyers write amounts as plain decimals ('1505.0', '763.20',
 * '365'); they are read exactly (no floating point) and anything else is refused with the element named.
 */
import { CxmlRejected } from './types';

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;
/** Beyond this many whole digits a cents amount is no longer an exact JavaScript integer. */
const MAX_WHOLE_DIGITS = 13;

/** The cents of a decimal amount; `element` names where it came from in the refusal (e.g. 'ItemOut 2 UnitPrice'). */
export function decimalToCents(text: string, element: string): number {
  const match = DECIMAL.exec(text.trim());
  const [, sign = '', whole = '', fraction = ''] = match ?? [];
  if (!match || (whole === '' && fraction === ''))
    throw new CxmlRejected(`${element} is not a number: '${text.trim()}'.`);
  const wholeDigits = whole.replace(/^0+(?=\d)/, '');
  if (wholeDigits.length > MAX_WHOLE_DIGITS) throw new CxmlRejected(`${element} is too large: '${text.trim()}'.`);
  if (/[1-9]/.test(fraction.slice(2)))
    throw new CxmlRejected(`${element} has more than two decimals: '${text.trim()}'.`);
  const cents = Number(wholeDigits || '0') * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  return sign === '-' && cents !== 0 ? -cents : cents;
}

/** Cents as cXML Money text with two decimals ('1505.00', '-0.50'). */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const magnitude = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
}
