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

export function invalid(param: string | undefined, message: string): StripeApiError {
  return new StripeApiError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) });
}

export function missingParam(param: string): StripeApiError {
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    message: `Missing required param: ${param}.`,
    param,
  });
}

export function missing(param: string, objectName: string, id: string): StripeApiError {
  return new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${objectName}: '${id}'`,
    param,
  });
}
