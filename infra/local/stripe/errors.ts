/** A Stripe-shaped error: thrown by the store, answered as `{ error }` with its status. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: {
      type: 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error';
      code?: string;
      message: string;
      param?: string;
      decline_code?: string;
    },
  ) {
    super(body.message);
  }
}
