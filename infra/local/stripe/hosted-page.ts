import type { IncomingMessage, ServerResponse } from 'node:http';
import { businessConfig } from '../../../functions/lib/config';
import { formatCents } from '#domain/pricing/money';
import { escapeHtml } from '../../../functions/lib/mail';
import { readBody } from '../http-util';
import { chargeCard } from './cards';
import type { CheckoutSession, LineItem, PaymentMethod } from './objects';
import type { StripeStore } from './store';

export const HOSTED_PAGE_PATH = '/_local/stripe/checkout';

export type Field = 'email' | 'cardNumber' | 'expiry' | 'cvc' | 'name';
export type FormValues = Record<Field, string>;

interface FormState {
  values: FormValues;
  errors: Partial<Record<Field, string>>;
  declined?: string;
}

/**
 * Stripe's hosted payment page, served on the site's origin at `${HOSTED_PAGE_PATH}/<sessionId>`:
 * a plain form that works without scripts, posting to itself. Paying completes the session (the
 * store sends checkout.session.completed) and redirects to success_url at once, without waiting for
 * the webhook, as Stripe does.
 */
export function createHostedPage(store: StripeStore) {
  return async function handle(req: IncomingMessage, res: ServerResponse, sessionId: string): Promise<void> {
    store.sessions.expireOverdue();
    const session = store.sessions.session(sessionId);
    if (!session)
      return sendPage(res, 404, notice('Checkout session not found', 'This payment page does not exist.', undefined));
    if (req.method === 'POST' && session.status === 'complete') return redirect(res, successUrl(session));
    if (session.status === 'complete') {
      if (session.mode === 'setup') {
        return sendPage(
          res,
          200,
          notice('Your card is saved', `You can pay ${businessConfig().name} with it.`, {
            href: successUrl(session),
            text: `Return to ${businessConfig().name}`,
          }),
        );
      }
      return sendPage(
        res,
        200,
        notice('This payment is complete', `You have paid ${businessConfig().name}.`, {
          href: successUrl(session),
          text: `Return to ${businessConfig().name}`,
        }),
      );
    }
    if (session.status === 'expired') {
      return sendPage(
        res,
        410,
        notice(
          'This checkout session has expired',
          'Return to the shop to start your checkout again.',
          session.cancel_url ? { href: session.cancel_url, text: `Return to ${businessConfig().name}` } : undefined,
        ),
      );
    }
    if (session.mode === 'setup') return handleSetup(req, res, store, session);
    const couponId = session.discounts?.[0]?.coupon;
    const summary: Summary = {
      lineItems: store.sessions.lineItems(sessionId) ?? [],
      discountName: typeof couponId === 'string' ? (store.coupons.coupon(couponId)?.name ?? 'Discount') : null,
    };
    // A customer's e-mail is theirs at Stripe; a session made with customer_email shows that one.
    const knownEmail = session.customer_email ?? store.customers.customer(String(session.customer))?.email ?? null;
    const saved = savedCardsOf(store, session);
    if (req.method !== 'POST') {
      const values = { email: knownEmail ?? '', cardNumber: '', expiry: '', cvc: '', name: '' };
      return sendPage(res, 200, paymentPage(session, summary, saved, { values, errors: {} }));
    }

    const form = new URLSearchParams((await readBody(req)).toString('utf8'));
    const savedCard = saved.cards.find((card) => card.id === form.get('savedCard'));
    if (savedCard) {
      const completed = store.payments.completeSession(sessionId, {
        card: savedCard.card,
        email: knownEmail ?? '',
        name: savedCard.billing_details.name ?? '',
        savedCard: savedCard.id,
      });
      return redirect(res, successUrl(completed.session));
    }
    const values: FormValues = {
      email: knownEmail ?? form.get('email')?.trim() ?? '',
      cardNumber: form.get('cardNumber')?.trim() ?? '',
      expiry: form.get('expiry')?.trim() ?? '',
      cvc: form.get('cvc')?.trim() ?? '',
      name: form.get('name')?.trim() ?? '',
    };
    const { errors, expiry } = validate(values, new Date(store.now() * 1000));
    if (!expiry || Object.keys(errors).length > 0)
      return sendPage(res, 422, paymentPage(session, summary, saved, { values, errors }));
    const outcome = chargeCard(values.cardNumber, expiry);
    if (outcome.result !== 'pays') {
      return outcome.result === 'declined'
        ? sendPage(res, 402, paymentPage(session, summary, saved, { values, errors: {}, declined: outcome.message }))
        : sendPage(res, 422, paymentPage(session, summary, saved, { values, errors: { cardNumber: outcome.message } }));
    }
    const completed = store.payments.completeSession(sessionId, {
      card: outcome.card,
      email: values.email,
      name: values.name,
      saveCard: saved.offerToSave && form.get('saveCard') === 'on',
    });
    redirect(res, successUrl(completed.session));
  };
}

/** The setup page: shown, or posted with a card that is then saved for the session's customer. */
async function handleSetup(
  req: IncomingMessage,
  res: ServerResponse,
  store: StripeStore,
  session: CheckoutSession,
): Promise<void> {
  const email = store.customers.customer(String(session.customer))?.email ?? '';
  if (req.method !== 'POST') {
    const values = { email, cardNumber: '', expiry: '', cvc: '', name: '' };
    return sendPage(res, 200, setupPage(session, email, { values, errors: {} }));
  }
  const form = new URLSearchParams((await readBody(req)).toString('utf8'));
  const values: FormValues = {
    email,
    cardNumber: form.get('cardNumber')?.trim() ?? '',
    expiry: form.get('expiry')?.trim() ?? '',
    cvc: form.get('cvc')?.trim() ?? '',
    name: form.get('name')?.trim() ?? '',
  };
  const { errors, expiry } = validate(values, new Date(store.now() * 1000));
  // The customer's e-mail is Stripe's to check, not the page's.
  delete errors.email;
  if (!expiry || Object.keys(errors).length > 0)
    return sendPage(res, 422, setupPage(session, email, { values, errors }));
  const outcome = chargeCard(values.cardNumber, expiry);
  if (outcome.result !== 'pays') {
    return outcome.result === 'declined'
      ? sendPage(res, 402, setupPage(session, email, { values, errors: {}, declined: outcome.message }))
      : sendPage(res, 422, setupPage(session, email, { values, errors: { cardNumber: outcome.message } }));
  }
  const completed = store.sessions.completeSetup(session.id, { card: outcome.card, name: values.name });
  redirect(res, successUrl(completed.session));
}

function successUrl(session: CheckoutSession): string {
  return (session.success_url ?? '/').replaceAll('{CHECKOUT_SESSION_ID}', session.id);
}

/** The checks Stripe's page makes before it tries the card, with its messages. */
export function validate(
  values: FormValues,
  today: Date,
): { errors: Partial<Record<Field, string>>; expiry?: { month: number; year: number } } {
  const errors: Partial<Record<Field, string>> = {};
  if (!values.email) errors.email = 'Enter your email address.';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email)) errors.email = 'Your email address is invalid.';
  if (!values.cardNumber.replace(/[\s-]/g, '')) errors.cardNumber = 'Your card number is incomplete.';
  const expiryParts = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(values.expiry);
  let expiry: { month: number; year: number } | undefined;
  if (!expiryParts || Number(expiryParts[1]) < 1 || Number(expiryParts[1]) > 12) {
    errors.expiry = "Your card's expiration date is incomplete.";
  } else {
    const month = Number(expiryParts[1]);
    const year = expiryParts[2]!.length === 2 ? 2000 + Number(expiryParts[2]) : Number(expiryParts[2]);
    if (year * 12 + month < today.getUTCFullYear() * 12 + today.getUTCMonth() + 1)
      errors.expiry = "Your card's expiration date is in the past.";
    else expiry = { month, year };
  }
  if (!/^\d{3,4}$/.test(values.cvc)) errors.cvc = "Your card's security code is incomplete.";
  if (!values.name) errors.name = 'Enter the name on your card.';
  return { errors, expiry };
}

/** The customer's cards the page offers, and whether it offers to save a new one. */
interface SavedCards {
  cards: PaymentMethod[];
  offerToSave: boolean;
}

function savedCardsOf(store: StripeStore, session: CheckoutSession): SavedCards {
  return {
    cards: store.sessions.offeredCards(session),
    offerToSave: session.saved_payment_method_options?.payment_method_save === 'enabled',
  };
}

const BRAND_NAMES: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' };

/** Stripe's page lists saved cards first, the first chosen; "Use a new card" shows the card fields. */
function savedCardChoices({ cards }: SavedCards): string {
  if (cards.length === 0) return '';
  const choices = cards
    .map((method, index) => {
      const { brand, last4, exp_month: month, exp_year: year } = method.card;
      const label = `${BRAND_NAMES[brand ?? ''] ?? brand ?? 'Card'} ending in ${last4} · Expires ${String(month).padStart(2, '0')}/${String(year).slice(-2)}`;
      return `<label class="choice"><input type="radio" name="savedCard" value="${escapeHtml(method.id)}"${index === 0 ? ' checked' : ''}> ${escapeHtml(label)}</label>`;
    })
    .join('');
  return `<fieldset>
        <legend>Saved cards</legend>
        ${choices}
        <label class="choice"><input type="radio" name="savedCard" value="new"> Use a new card</label>
      </fieldset>`;
}

/** What the page lists above the total: the items at their own amounts, then the coupon's name and what it takes off. */
interface Summary {
  lineItems: LineItem[];
  discountName: string | null;
}

function paymentPage(
  session: CheckoutSession,
  { lineItems, discountName }: Summary,
  saved: SavedCards,
  form: FormState,
): string {
  const total = formatCents(session.amount_total ?? 0);
  const discountCents = session.total_details?.amount_discount ?? 0;
  const discount =
    discountName !== null && discountCents > 0
      ? `<p class="discount"><span>${escapeHtml(discountName)}</span> <span>${formatCents(-discountCents)}</span></p>`
      : '';
  const input = inputOf(form);
  const items = lineItems
    .map(
      (item) => `<li>
        <span class="item-name">${escapeHtml(item.description ?? '')}${
          (item.quantity ?? 1) > 1
            ? `<br><small>Qty ${item.quantity} × ${formatCents(item.price.unit_amount ?? 0)}</small>`
            : ''
        }</span>
        <span class="item-amount">${formatCents(item.amount_subtotal)}</span>
      </li>`,
    )
    .join('');
  const back = session.cancel_url
    ? `<a class="back" href="${escapeHtml(session.cancel_url)}"><span aria-hidden="true">←</span> Back</a>`
    : '';
  return layout(
    `Pay ${businessConfig().name}`,
    `<header class="top">${back}<span class="merchant">${escapeHtml(businessConfig().name)}</span><span class="badge">Test mode</span></header>
<main>
  <section class="summary" aria-labelledby="summary-title">
    <h1 id="summary-title">Pay ${escapeHtml(businessConfig().name)} <span class="total">${total}</span></h1>
    <ul class="items" aria-label="Items">${items}</ul>
    ${discount}<p class="due"><span>Total due</span> <strong>${total}</strong></p>
  </section>
  <section class="payment" aria-labelledby="payment-title">
    <h2 id="payment-title">Pay with card</h2>
    <form method="post" novalidate>
      ${input('email', 'Email', `type="email" autocomplete="email" required${session.customer_email !== null || session.customer !== null ? ' readonly' : ''}`)}
      ${savedCardChoices(saved)}
      ${cardFields(form)}
      ${saved.offerToSave ? `<label class="choice"><input type="checkbox" name="saveCard"> Save my card for future payments to ${escapeHtml(businessConfig().name)}</label>` : ''}
      <button type="submit">Pay ${total}</button>
    </form>
    <p class="hint">Local stand-in for Stripe Checkout: no money moves. Card 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.</p>
  </section>
</main>`,
  );
}

/** A labelled input of the form, with its error and the first error focused. */
function inputOf(form: FormState) {
  const firstError = (['email', 'cardNumber', 'expiry', 'cvc', 'name'] as const).find((field) => form.errors[field]);
  return (field: Field, label: string, attributes: string) => {
    const error = form.errors[field];
    return `<div class="field">
        <label for="${field}">${label}</label>
        <input id="${field}" name="${field}" value="${escapeHtml(form.values[field])}" ${attributes}${
          error ? ` aria-invalid="true" aria-describedby="${field}-error"` : ''
        }${field === firstError ? ' autofocus' : ''}>
        ${error ? `<p class="error" id="${field}-error">${escapeHtml(error)}</p>` : ''}
      </div>`;
  };
}

/** The card's number, expiry, CVC and name, and a decline's message. */
function cardFields(form: FormState): string {
  const input = inputOf(form);
  return `<fieldset>
        <legend>Card information</legend>
        ${input('cardNumber', 'Card number', 'inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required')}
        <div class="pair">
          ${input('expiry', 'Expiry (MM / YY)', 'inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" required')}
          ${input('cvc', 'CVC', 'inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4" required')}
        </div>
      </fieldset>
      ${input('name', 'Name on card', 'autocomplete="cc-name" required')}
      ${form.declined ? `<p class="declined" role="alert" tabindex="-1" autofocus>${escapeHtml(form.declined)}</p>` : ''}`;
}

/** Stripe's setup page: the customer's e-mail, a card to save, nothing charged. */
function setupPage(session: CheckoutSession, email: string, form: FormState): string {
  const back = session.cancel_url
    ? `<a class="back" href="${escapeHtml(session.cancel_url)}"><span aria-hidden="true">←</span> Back</a>`
    : '';
  return layout(
    `Save a card with ${businessConfig().name}`,
    `<header class="top">${back}<span class="merchant">${escapeHtml(businessConfig().name)}</span><span class="badge">Test mode</span></header>
<main>
  <section class="summary" aria-labelledby="summary-title">
    <h1 id="summary-title">Save a card with ${escapeHtml(businessConfig().name)}</h1>
    <p>You will not be charged now. ${escapeHtml(businessConfig().name)} may offer this card when you pay.</p>
    <p>Saving for <strong>${escapeHtml(email)}</strong></p>
  </section>
  <section class="payment" aria-labelledby="payment-title">
    <h2 id="payment-title">Card details</h2>
    <form method="post" novalidate>
      ${cardFields(form)}
      <button type="submit">Save card</button>
    </form>
    <p class="hint">Local stand-in for Stripe Checkout: no money moves. Card 4242 4242 4242 4242 is saved; 4000 0000 0000 0002 is declined.</p>
  </section>
</main>`,
  );
}

export function notice(title: string, text: string, link: { href: string; text: string } | undefined): string {
  return layout(
    title,
    `<header class="top"><span class="merchant">${escapeHtml(businessConfig().name)}</span><span class="badge">Test mode</span></header>
<main class="notice"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${
      link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>` : ''
    }</main>`,
  );
}

export function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  * { box-sizing: border-box; }
  body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1a1f36; background: #fff; }
  .top { display: flex; align-items: center; gap: .75rem; padding: 1rem 1.25rem; border-bottom: 1px solid #e3e8ee; }
  .back { color: #1a1f36; font-weight: 600; text-decoration: none; padding: .25rem 0; white-space: nowrap; }
  .back:hover, .back:focus-visible { text-decoration: underline; }
  .merchant { font-weight: 600; }
  .badge { margin-left: auto; background: #ffde92; color: #5c3b00; font-size: .75rem; font-weight: 700; text-transform: uppercase; padding: .125rem .5rem; border-radius: 4px; white-space: nowrap; }
  main { display: grid; gap: 2rem; padding: 1.5rem 1.25rem 3rem; max-width: 64rem; margin: 0 auto; }
  @media (min-width: 52rem) { main { grid-template-columns: 1fr 1fr; gap: 4rem; padding-top: 3rem; } }
  h1 { font-size: 1rem; font-weight: 500; color: #4f566b; margin: 0 0 1.5rem; }
  h1 .total { display: block; font-size: 2rem; font-weight: 700; color: #1a1f36; }
  h2 { font-size: 1.25rem; margin: 0 0 1rem; }
  .items { list-style: none; margin: 0; padding: 0; }
  .items li { display: flex; justify-content: space-between; gap: 1rem; padding: .75rem 0; border-bottom: 1px solid #e3e8ee; }
  .items small { color: #4f566b; }
  .item-amount { white-space: nowrap; font-weight: 600; }
  .discount { display: flex; justify-content: space-between; margin: 0.75rem 0 0; }
  .due { display: flex; justify-content: space-between; margin: 1rem 0 0; font-size: 1.125rem; }
  form { display: grid; gap: 1rem; }
  fieldset { border: 0; margin: 0; padding: 0; display: grid; gap: .75rem; }
  legend { font-weight: 600; margin-bottom: .5rem; padding: 0; }
  .field { display: grid; gap: .25rem; }
  .pair { display: grid; grid-template-columns: 1fr 1fr; gap: .75rem; }
  label { font-size: .875rem; font-weight: 500; color: #30313d; }
  input { font: inherit; width: 100%; min-height: 2.75rem; padding: .5rem .75rem; border: 1px solid #8792a2; border-radius: 6px; color: #1a1f36; }
  input[readonly] { background: #f6f8fa; }
  input::placeholder { color: #6b7385; }
  input:focus { outline: 3px solid #2f5bd3; outline-offset: 1px; border-color: #2f5bd3; }
  input[aria-invalid="true"] { border-color: #b3261e; }
  .error { margin: 0; color: #b3261e; font-size: .875rem; }
  .declined { margin: 0; padding: .75rem 1rem; border-radius: 6px; background: #fdecea; color: #8c1d18; font-weight: 600; }
  button { font: inherit; font-weight: 600; min-height: 3rem; border: 0; border-radius: 6px; background: #1d3a5f; color: #fff; cursor: pointer; }
  button:hover { background: #142a45; }
  button:focus-visible { outline: 3px solid #2f5bd3; outline-offset: 2px; }
  .choice { display: flex; align-items: center; gap: .5rem; min-height: 2.75rem; }
  .choice input { width: auto; min-height: 0; }
  .hint { color: #4f566b; font-size: .875rem; margin-top: 1.5rem; }
  .notice { display: block; max-width: 36rem; }
  .notice h1 { font-size: 1.5rem; font-weight: 700; color: #1a1f36; }
  .notice a { color: #1d3a5f; font-weight: 600; }
</style></head>
<body>
${body}
</body></html>`;
}

export function sendPage(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html);
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { location, 'cache-control': 'no-store' }).end();
}
