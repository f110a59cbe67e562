/**
 * Customers and the cards saved for them (payment methods, and the setup intents that saved them):
 * `/v1/customers`, `/v1/payment_methods`, `/v1/setup_intents`.
 */
import { invalid, missing } from './errors';
import { stripeId, type Customer, type PaymentMethod, type SetupIntent } from './objects';
import type { CustomerCreateParams } from './params';
import { copy, copyOf, type StandInContext } from './state';

export class Customers {
  constructor(private readonly context: StandInContext) {}

  setupIntent(id: string): SetupIntent | undefined {
    return copyOf(this.context.state.setupIntents?.[id]);
  }

  paymentMethod(id: string): PaymentMethod | undefined {
    return copyOf(this.context.state.paymentMethods?.[id]);
  }

  /** A customer's attached cards, newest first, as Stripe lists them. */
  customerPaymentMethods(customerId: string, limit = 10): { data: PaymentMethod[]; hasMore: boolean } {
    this.existingCustomer(customerId, 'customer');
    const attached = Object.values(this.context.state.paymentMethods ?? {})
      .filter((method) => method.customer === customerId)
      .sort((a, b) => b.created - a.created);
    return { data: copy(attached.slice(0, limit)), hasMore: attached.length > limit };
  }

  /** Detaching is permanent: the card can no longer be used or attached again. */
  detachPaymentMethod(id: string): PaymentMethod {
    const method = this.context.state.paymentMethods?.[id];
    if (!method) throw missing('payment_method', 'PaymentMethod', id);
    if (method.customer === null) {
      throw invalid(
        undefined,
        'The payment method you provided is not attached to a customer so detachment is impossible.',
      );
    }
    method.customer = null;
    this.context.persist();
    return copy(method);
  }

  createCustomer(params: Omit<CustomerCreateParams, 'expand'>): Customer {
    const customer: Customer = {
      id: stripeId('cus_', 14),
      object: 'customer',
      created: this.context.now(),
      description: params.description ?? null,
      email: params.email ?? null,
      livemode: false,
      metadata: params.metadata ?? {},
      name: params.name ?? null,
    };
    (this.context.state.customers ??= {})[customer.id] = {
      ...customer,
      invoicePrefix: stripeId('', 8).toUpperCase(),
      invoiceCount: 0,
    };
    this.context.persist();
    return copy(customer);
  }

  customer(id: string): Customer | undefined {
    const record = this.context.state.customers?.[id];
    if (!record) return undefined;
    const { invoicePrefix: _prefix, invoiceCount: _count, ...customer } = record;
    return copy(customer);
  }

  /**
   * Deleting is permanent, as at Stripe: the customer's cards are detached and the customer is gone
   * (a second delete answers resource_missing); its invoices stay.
   */
  deleteCustomer(id: string): { id: string; object: 'customer'; deleted: true } {
    this.existingCustomer(id, 'id');
    for (const method of Object.values(this.context.state.paymentMethods ?? {}))
      if (method.customer === id) method.customer = null;
    delete this.context.state.customers![id];
    this.context.persist();
    return { id, object: 'customer', deleted: true };
  }

  existingCustomer(id: string, param: string): Customer {
    const customer = this.customer(id);
    if (!customer) throw missing(param, 'customer', id);
    return customer;
  }
}
