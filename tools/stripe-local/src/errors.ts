// Stripe's error envelope, { error: { type, code, message, param, ... } }. The SDK picks its error
// class from the HTTP status and type (402 -> StripeCardError, 400 + idempotency_error ->
// StripeIdempotencyError, 401 -> StripeAuthenticationError), so both must match Stripe's.

export interface StripeErrorBody {
  type: 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error';
  message: string;
  code?: string;
  param?: string;
  [extra: string]: unknown;
}

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
    this.name = 'StripeApiError';
  }
}

export function invalidRequest(message: string, param?: string, code?: string): StripeApiError {
  return new StripeApiError(400, { type: 'invalid_request_error', message, param, code });
}

/** "No such customer: 'cus_123'", as Stripe words it. */
export function noSuch(resource: string, id: string, param = 'id'): StripeApiError {
  return new StripeApiError(404, {
    type: 'invalid_request_error',
    message: `No such ${resource}: '${id}'`,
    param,
    code: 'resource_missing',
  });
}
