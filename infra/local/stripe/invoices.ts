/**
 * Invoices and invoice items: drafted, finalized (numbered, with a hosted page), sent, voided and
 * paid. `/v1/invoices`, `/v1/invoiceitems`.
 */
import type { Customers } from './customers';
import { invalid, missing, missingParam, StripeApiError } from './errors';
import { stripeId, type EventRecord, type Invoice, type InvoiceItem, type InvoicePaymentMethod } from './objects';
import type { InvoiceCreateParams, InvoiceItemCreateParams } from './params';
import { copy, copyOf, type StandInContext } from './state';

export class Invoices {
  constructor(
    private readonly context: StandInContext,
    private readonly customers: Customers,
  ) {}

  /** An amount billed to a customer: on the draft invoice named, or pending for their next invoice. */
  createInvoiceItem(params: Omit<InvoiceItemCreateParams, 'expand'>): InvoiceItem {
    this.customers.existingCustomer(params.customer, 'customer');
    if (params.amount === undefined) throw missingParam('amount');
    if (params.currency === undefined) throw missingParam('currency');
    let invoice: Invoice | undefined;
    if (params.invoice !== undefined) {
      invoice = this.context.state.invoices?.[params.invoice];
      if (!invoice) throw missing('invoice', 'invoice', params.invoice);
      if (invoice.customer !== params.customer)
        throw invalid('invoice', `Invoice ${invoice.id} does not belong to customer ${params.customer}.`);
      if (invoice.status !== 'draft')
        throw invalid(
          'invoice',
          `Invoice ${invoice.id} is no longer a draft: invoice items can be added to draft invoices only.`,
        );
    }
    const item: InvoiceItem = {
      id: stripeId('ii_'),
      object: 'invoiceitem',
      amount: params.amount,
      currency: params.currency,
      customer: params.customer,
      date: this.context.now(),
      description: params.description ?? null,
      invoice: invoice?.id ?? null,
      livemode: false,
      metadata: params.metadata ?? {},
      quantity: 1,
    };
    (this.context.state.invoiceItems ??= {})[item.id] = item;
    if (invoice) this.addLine(invoice, item);
    this.context.persist();
    return copy(item);
  }

  /**
   * A draft invoice. `send_invoice` needs one of due_date (in the future) and days_until_due;
   * pending invoice items are taken only with pending_invoice_items_behavior=include (Stripe's
   * default is exclude).
   */
  createInvoice(params: Omit<InvoiceCreateParams, 'expand'>): Invoice {
    const customer = this.customers.existingCustomer(params.customer, 'customer');
    const now = this.context.now();
    const collection = params.collection_method ?? 'charge_automatically';
    let dueDate: number | null = null;
    if (collection === 'send_invoice') {
      if (params.due_date !== undefined && params.days_until_due !== undefined)
        throw invalid('due_date', 'You may only specify one of these parameters: days_until_due, due_date.');
      if (params.due_date === undefined && params.days_until_due === undefined)
        throw invalid(
          'days_until_due',
          'Invoices with `collection_method=send_invoice` must have either `days_until_due` or `due_date` set.',
        );
      dueDate = params.due_date ?? now + params.days_until_due! * 24 * 60 * 60;
      if (dueDate <= now) throw invalid('due_date', 'The `due_date` must be in the future.');
    } else if (params.due_date !== undefined || params.days_until_due !== undefined) {
      throw invalid(
        params.due_date !== undefined ? 'due_date' : 'days_until_due',
        'Invoices with `collection_method=charge_automatically` cannot have a due date.',
      );
    }
    const options = params.payment_settings?.payment_method_options;
    const invoice: Invoice = {
      id: stripeId('in_'),
      object: 'invoice',
      amount_due: 0,
      amount_paid: 0,
      amount_remaining: 0,
      attempt_count: 0,
      attempted: false,
      auto_advance: params.auto_advance ?? collection === 'charge_automatically',
      collection_method: collection,
      created: now,
      currency: params.currency ?? 'usd',
      custom_fields: params.custom_fields ?? null,
      customer: customer.id,
      customer_email: customer.email,
      customer_name: customer.name ?? null,
      description: params.description ?? null,
      due_date: dueDate,
      footer: params.footer ?? null,
      hosted_invoice_url: null,
      invoice_pdf: null,
      lines: { object: 'list', data: [], has_more: false, url: '' },
      livemode: false,
      metadata: params.metadata ?? {},
      number: null,
      payment_settings: {
        payment_method_types: params.payment_settings?.payment_method_types ?? null,
        payment_method_options: options?.customer_balance ? { customer_balance: options.customer_balance } : null,
      },
      status: 'draft',
      status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
      subtotal: 0,
      total: 0,
    };
    invoice.lines.url = `/v1/invoices/${invoice.id}/lines`;
    (this.context.state.invoices ??= {})[invoice.id] = invoice;
    if (params.pending_invoice_items_behavior === 'include') {
      for (const item of Object.values(this.context.state.invoiceItems ?? {})) {
        if (item.customer === customer.id && item.invoice === null) {
          item.invoice = invoice.id;
          this.addLine(invoice, item);
        }
      }
    }
    this.context.persist();
    return copy(invoice);
  }

  invoice(id: string): Invoice | undefined {
    return copyOf(this.context.state.invoices?.[id]);
  }

  /**
   * A draft becomes open: its number, its hosted page and invoice.finalized. An invoice of nothing
   * due is paid at once (invoice.paid), as at Stripe.
   */
  finalizeInvoice(id: string, hostedInvoiceUrl: (id: string) => string): Invoice {
    const invoice = this.existingInvoice(id);
    if (invoice.status !== 'draft')
      throw invalid(undefined, "This invoice is already finalized, you can't re-finalize a non-draft invoice.");
    const customer = this.context.state.customers![invoice.customer]!;
    customer.invoiceCount += 1;
    const now = this.context.now();
    Object.assign(invoice, {
      status: 'open',
      number: `${customer.invoicePrefix}-${String(customer.invoiceCount).padStart(4, '0')}`,
      hosted_invoice_url: hostedInvoiceUrl(invoice.id),
      status_transitions: { ...invoice.status_transitions, finalized_at: now },
    } satisfies Partial<Invoice>);
    this.context.emit('invoice.finalized', invoice, undefined);
    if (invoice.amount_due === 0) this.markInvoicePaid(invoice, true);
    return copy(invoice);
  }

  /** Stripe mails an open invoice's link to its customer; the stand-in sends no mail and answers the invoice. */
  sendInvoice(id: string): Invoice {
    const invoice = this.existingInvoice(id);
    if (invoice.status !== 'open')
      throw invalid(undefined, `You can only send an invoice that is open; this one is ${invoice.status}.`);
    if (invoice.collection_method !== 'send_invoice')
      throw invalid(undefined, 'You can only send an invoice with `collection_method=send_invoice`.');
    return copy(invoice);
  }

  /**
   * An open invoice is voided: it can no longer be paid, and stays for the record (voiding is final).
   * A draft is deleted rather than voided, a paid or void one cannot be. Stripe's invoice.voided goes
   * only to endpoints subscribed to it, and the shop's is not (it voids its invoices itself).
   */
  voidInvoice(id: string): Invoice {
    const invoice = this.existingInvoice(id);
    if (invoice.status !== 'open')
      throw invalid(undefined, `You can only void an open invoice; this invoice is ${invoice.status}.`);
    Object.assign(invoice, {
      status: 'void',
      status_transitions: { ...invoice.status_transitions, voided_at: this.context.now() },
    } satisfies Partial<Invoice>);
    this.context.persist();
    return copy(invoice);
  }

  /** The customer paid an open invoice on its hosted page, by card or bank transfer: invoice.paid follows. */
  payInvoice(id: string, method: InvoicePaymentMethod, deliver = true): { invoice: Invoice; event: EventRecord } {
    const invoice = this.existingInvoice(id);
    if (invoice.status !== 'open') {
      throw new StripeApiError(409, {
        type: 'invalid_request_error',
        message: `Invoice ${id} is ${invoice.status}, not open.`,
      });
    }
    const accepted = invoice.payment_settings.payment_method_types ?? ['card'];
    if (!accepted.includes(method))
      throw invalid('payment_method', `Invoice ${id} does not accept ${method} (it accepts ${accepted.join(', ')}).`);
    invoice.attempt_count += 1;
    invoice.attempted = true;
    const event = this.markInvoicePaid(invoice, deliver);
    return { invoice: copy(invoice), event };
  }

  private markInvoicePaid(invoice: Invoice, deliver: boolean): EventRecord {
    Object.assign(invoice, {
      status: 'paid',
      amount_paid: invoice.amount_due,
      amount_remaining: 0,
      status_transitions: { ...invoice.status_transitions, paid_at: this.context.now() },
    } satisfies Partial<Invoice>);
    return this.context.emit('invoice.paid', invoice, { status: 'open' }, deliver);
  }

  private addLine(invoice: Invoice, item: InvoiceItem): void {
    invoice.lines.data.push({
      id: stripeId('il_'),
      object: 'line_item',
      amount: item.amount,
      currency: item.currency,
      description: item.description,
      invoice: invoice.id,
      livemode: false,
      metadata: item.metadata ?? {},
      quantity: item.quantity,
    });
    invoice.subtotal += item.amount;
    invoice.total += item.amount;
    invoice.amount_due += item.amount;
    invoice.amount_remaining += item.amount;
  }

  private existingInvoice(id: string): Invoice {
    const invoice = this.context.state.invoices?.[id];
    if (!invoice) throw missing('invoice', 'invoice', id);
    return invoice;
  }
}
