import type { IncomingMessage, ServerResponse } from 'node:http';
import { businessConfig } from '../../../functions/lib/config';
import { formatCents } from '#domain/pricing/money';
import { escapeHtml } from '../../../functions/lib/mail';
import { readBody } from '../http-util';
import { chargeCard } from './cards';
import { layout, notice, sendPage, validate, type Field, type FormValues } from './hosted-page';
import type { Invoice } from './objects';
import type { StripeStore } from './store';

export const HOSTED_INVOICE_PATH = '/_local/stripe/invoice';

interface FormState {
  values: FormValues;
  errors: Partial<Record<Field, string>>;
  declined?: string;
}

/**
 * Stripe's hosted invoice page, at `${HOSTED_INVOICE_PATH}/<invoiceId>` (the invoice's
 * hosted_invoice_url): the invoice's amount, due date and lines, paid by test card or by "bank
 * transfer" (the transfer arrives at once). Paying marks the invoice paid (the store sends
 * invoice.paid) and the page then shows it paid, as Stripe's does.
 */
export function createHostedInvoicePage(store: StripeStore) {
  return async function handle(req: IncomingMessage, res: ServerResponse, invoiceId: string): Promise<void> {
    const invoice = store.invoices.invoice(invoiceId);
    if (!invoice || invoice.status === 'draft' || !invoice.hosted_invoice_url)
      return sendPage(res, 404, notice('Invoice not found', 'This invoice link does not exist.', undefined));
    if (invoice.status === 'paid') return sendPage(res, 200, paidPage(invoice));
    if (invoice.status !== 'open')
      return sendPage(
        res,
        410,
        notice('This invoice is no longer payable', `Its status is ${invoice.status}.`, undefined),
      );
    const email = invoice.customer_email ?? '';
    if (req.method !== 'POST') {
      return sendPage(res, 200, invoicePage(invoice, { values: emptyForm(email), errors: {} }));
    }

    const form = new URLSearchParams((await readBody(req)).toString('utf8'));
    if (form.get('method') === 'bank_transfer') {
      if (!acceptsBankTransfer(invoice))
        return sendPage(res, 422, invoicePage(invoice, { values: emptyForm(email), errors: {} }));
      store.invoices.payInvoice(invoiceId, 'customer_balance');
      return redirect(res, invoice.hosted_invoice_url);
    }
    const values: FormValues = {
      email: email || (form.get('email')?.trim() ?? ''),
      cardNumber: form.get('cardNumber')?.trim() ?? '',
      expiry: form.get('expiry')?.trim() ?? '',
      cvc: form.get('cvc')?.trim() ?? '',
      name: form.get('name')?.trim() ?? '',
    };
    const { errors, expiry } = validate(values, new Date(store.now() * 1000));
    if (!expiry || Object.keys(errors).length > 0) return sendPage(res, 422, invoicePage(invoice, { values, errors }));
    const outcome = chargeCard(values.cardNumber, expiry);
    if (outcome.result !== 'pays') {
      return outcome.result === 'declined'
        ? sendPage(res, 402, invoicePage(invoice, { values, errors: {}, declined: outcome.message }))
        : sendPage(res, 422, invoicePage(invoice, { values, errors: { cardNumber: outcome.message } }));
    }
    store.invoices.payInvoice(invoiceId, 'card');
    redirect(res, invoice.hosted_invoice_url);
  };
}

function emptyForm(email: string): FormValues {
  return { email, cardNumber: '', expiry: '', cvc: '', name: '' };
}

function acceptsBankTransfer(invoice: Invoice): boolean {
  return invoice.payment_settings.payment_method_types?.includes('customer_balance') ?? false;
}

/** A Unix time as the page states it, in UTC: "March 20, 2026". */
function day(seconds: number): string {
  return new Date(seconds * 1000).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });
}

function summary(invoice: Invoice): string {
  const fields = (invoice.custom_fields ?? [])
    .map((field) => `<p class="due"><span>${escapeHtml(field.name)}</span> <span>${escapeHtml(field.value)}</span></p>`)
    .join('');
  const items = invoice.lines.data
    .map(
      (line) => `<li><span class="item-name">${escapeHtml(line.description ?? '')}</span>
        <span class="item-amount">${formatCents(line.amount)}</span></li>`,
    )
    .join('');
  return `<section class="summary" aria-labelledby="summary-title">
    <h1 id="summary-title">Invoice ${escapeHtml(invoice.number ?? '')} <span class="total">${formatCents(invoice.amount_remaining)}</span></h1>
    ${invoice.due_date ? `<p class="due"><span>Due</span> <strong>${day(invoice.due_date)}</strong></p>` : ''}
    ${fields}
    <ul class="items" aria-label="Items">${items}</ul>
    <p class="due"><span>Amount due</span> <strong>${formatCents(invoice.amount_remaining)}</strong></p>
  </section>`;
}

function invoicePage(invoice: Invoice, form: FormState): string {
  const amount = formatCents(invoice.amount_remaining);
  const firstError = (['email', 'cardNumber', 'expiry', 'cvc', 'name'] as const).find((field) => form.errors[field]);
  const input = (field: Field, label: string, attributes: string) => {
    const error = form.errors[field];
    return `<div class="field">
        <label for="${field}">${label}</label>
        <input id="${field}" name="${field}" value="${escapeHtml(form.values[field])}" ${attributes}${
          error ? ` aria-invalid="true" aria-describedby="${field}-error"` : ''
        }${field === firstError ? ' autofocus' : ''}>
        ${error ? `<p class="error" id="${field}-error">${escapeHtml(error)}</p>` : ''}
      </div>`;
  };
  const bankTransfer = acceptsBankTransfer(invoice)
    ? `<h2 id="bank-title">Pay by bank transfer</h2>
    <form method="post" aria-labelledby="bank-title">
      <input type="hidden" name="method" value="bank_transfer">
      <p class="hint">Test mode: the transfer of ${amount} arrives as soon as you send it.</p>
      <button type="submit">Send bank transfer</button>
    </form>`
    : '';
  return layout(
    `Invoice from ${businessConfig().name}`,
    `<header class="top"><span class="merchant">${escapeHtml(businessConfig().name)}</span><span class="badge">Test mode</span></header>
<main>
  ${summary(invoice)}
  <section class="payment" aria-labelledby="payment-title">
    <h2 id="payment-title">Pay with card</h2>
    <form method="post" novalidate>
      <input type="hidden" name="method" value="card">
      ${input('email', 'Email', `type="email" autocomplete="email" required${invoice.customer_email ? ' readonly' : ''}`)}
      <fieldset>
        <legend>Card information</legend>
        ${input('cardNumber', 'Card number', 'inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required')}
        <div class="pair">
          ${input('expiry', 'Expiry (MM / YY)', 'inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" required')}
          ${input('cvc', 'CVC', 'inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4" required')}
        </div>
      </fieldset>
      ${input('name', 'Name on card', 'autocomplete="cc-name" required')}
      ${form.declined ? `<p class="declined" role="alert" tabindex="-1" autofocus>${escapeHtml(form.declined)}</p>` : ''}
      <button type="submit">Pay ${amount}</button>
    </form>
    ${bankTransfer}
    <p class="hint">Local stand-in for Stripe's hosted invoice page: no money moves. Card 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.</p>
  </section>
</main>`,
  );
}

function paidPage(invoice: Invoice): string {
  const paidAt = invoice.status_transitions.paid_at;
  return layout(
    `Invoice ${invoice.number ?? ''} paid`,
    `<header class="top"><span class="merchant">${escapeHtml(businessConfig().name)}</span><span class="badge">Test mode</span></header>
<main>
  ${summary(invoice)}
  <section class="notice" aria-labelledby="paid-title">
    <h2 id="paid-title">Invoice paid</h2>
    <p>${formatCents(invoice.amount_paid)} paid${paidAt ? ` on ${day(paidAt)}` : ''}. Thank you.</p>
  </section>
</main>`,
  );
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { location, 'cache-control': 'no-store' }).end();
}
