import { HttpException, HttpStatus } from '@nestjs/common';
import { MESSAGES } from '@rxbridge/contracts';

/** An error a person can act on: status, stable code, human message and optional per-field messages. */
export class ApiError extends HttpException {
  constructor(
    status: HttpStatus,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
    /** More of the error's body beside code and message (e.g. `missing` of packet-incomplete). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message, status);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>, code = 'bad-request') =>
  new ApiError(HttpStatus.BAD_REQUEST, code, message, fields);
export const unauthorized = (message: string = MESSAGES.notAuthenticated, code = 'unauthorized') =>
  new ApiError(HttpStatus.UNAUTHORIZED, code, message);
export const forbidden = (message: string = MESSAGES.forbidden) =>
  new ApiError(HttpStatus.FORBIDDEN, 'forbidden', message);
/** An account an ADMIN disabled (docs/product.md §7.7 Staff accounts): no login, no refresh. */
export const accountDisabled = () => new ApiError(HttpStatus.FORBIDDEN, 'account-disabled', MESSAGES.accountDisabled);
/** "Not found or no access": a response never reveals that someone else's record exists. */
export const notFound = (what = 'Record') => new ApiError(HttpStatus.NOT_FOUND, 'not-found', `${what} not found`);
export const conflict = (message: string, code = 'conflict') => new ApiError(HttpStatus.CONFLICT, code, message);
export const tooManyRequests = (retryAfterSeconds: number, message: string = MESSAGES.tooManyRequests) =>
  new ApiError(HttpStatus.TOO_MANY_REQUESTS, 'rate-limited', message, undefined, {
    'Retry-After': String(retryAfterSeconds),
  });
