import type { SubmitAnswer } from '../../../domain/punchout/session';
import { removeStorage } from './browser-storage';
import { PARTNER_SESSION_KEYS } from './storage-keys';

/**
 * Hands the cart to the buyer's procurement system the way cXML punch-out expects: the browser
 * POSTs a form with the one field the answer names to the return URL, leaving the shop. Built with
 * DOM APIs so the cXML is a field's value, never markup.
 */
export function postCartToBuyer(answer: SubmitAnswer, doc: Document = document): void {
  const form = doc.createElement('form');
  form.method = 'post';
  form.action = answer.returnUrl;
  form.hidden = true;
  const field = doc.createElement('input');
  field.type = 'hidden';
  field.name = answer.fieldName;
  field.value = answer.fieldValue;
  form.append(field);
  doc.body.append(form);
  form.submit();
}

/** Ends the punch-out session in this browser; the layout notices the stored client is gone and leaves partner mode. */
export function forgetPunchoutSession(): void {
  for (const key of PARTNER_SESSION_KEYS) removeStorage('local', key);
}
