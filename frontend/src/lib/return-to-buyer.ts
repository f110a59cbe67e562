import type { SubmitAnswer } from '#domain/punchout/session';
import { removeStorage } from './browser-storage';
import { PARTNER_SESSION_KEYS } from './storage-keys';

/**
 * Hands the cart to the buyer's procurement system the way cXML punch-out expects: the browser
 * POSTs a form with the one field the answer names to the return URL, leaving the shop. Built with
 * DOM APIs so the cXML is a field's value, never markup. `onLeaving` runs only as the page is left
 * for the buyer's system (pagehide: the post went out and its answer replaces this page), so a post
 * that never leaves returns nothing (decision 0040). The promise settles only when the page's
 * policy refused the post: the page stays, and the caller says so.
 */
export function postCartToBuyer(answer: SubmitAnswer, onLeaving: () => void, doc: Document = document): Promise<void> {
  const form = doc.createElement('form');
  form.method = 'post';
  form.action = answer.returnUrl;
  form.hidden = true;
  const field = doc.createElement('input');
  field.type = 'hidden';
  field.name = answer.fieldName;
  field.value = answer.fieldValue;
  form.append(field);
  const view = doc.defaultView ?? window;
  return new Promise((resolve) => {
    const refused = (event: SecurityPolicyViolationEvent) => {
      if (event.effectiveDirective !== 'form-action') return;
      view.removeEventListener('pagehide', onLeaving);
      view.removeEventListener('securitypolicyviolation', refused);
      form.remove();
      resolve();
    };
    view.addEventListener('pagehide', onLeaving, { once: true });
    // Reported to the document after the browser refused the navigation; it bubbles to the window.
    view.addEventListener('securitypolicyviolation', refused);
    doc.body.append(form);
    form.submit();
  });
}

/** Ends the punch-out session in this browser; the layout notices the stored client is gone and leaves partner mode. */
export function forgetPunchoutSession(): void {
  for (const key of PARTNER_SESSION_KEYS) removeStorage('local', key);
}
