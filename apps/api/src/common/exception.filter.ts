import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { MESSAGES, type ApiFailure } from '@rxbridge/contracts';
import { isPgError, PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION } from '@rxbridge/database';
import { ApiError, isDependencyUnavailable, isRedisUnavailable } from '@rxbridge/platform';

const STATUS_CODES: Partial<Record<number, string>> = {
  400: 'bad-request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not-found',
  405: 'method-not-allowed',
  409: 'conflict',
  413: 'payload-too-large',
  415: 'unsupported-media-type',
  429: 'rate-limited',
  503: 'service-unavailable',
};

/** One error shape for every failure; a 500 never leaks details, only a request id to quote. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost) {
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<Request & { id?: string }>();
    const res = ctx.getResponse<Response>();
    const requestId = String(req.id ?? '');
    const { status, code, message, fields, headers } = this.describe(exception, req);
    if (status === 503) this.logger.warn({ requestId }, 'request failed: a service is unavailable');
    else if (status >= 500) this.logger.error({ err: exception, requestId }, 'request failed');
    const body: ApiFailure = {
      success: false,
      message,
      error: { code, message, ...(fields && { fields }), requestId },
    };
    if (headers) res.set(headers);
    res.status(status).json(body);
  }

  private describe(e: unknown, req: Request) {
    if (e instanceof ApiError) {
      return { status: e.getStatus(), code: e.code, message: e.message, fields: e.fields, headers: e.headers };
    }
    if (e instanceof HttpException) {
      const status = e.getStatus();
      const body = e.getResponse();
      let message = typeof body === 'string' ? body : ((body as { message?: string | string[] }).message ?? e.message);
      if (Array.isArray(message)) message = message.join('; ');
      if (status === 404 && message.startsWith('Cannot ')) message = `No such endpoint: ${req.method} ${req.path}`;
      // Nest turns body-parser's SyntaxError into a plain BadRequestException carrying the parser's words.
      if (status === 400 && /JSON/.test(message)) {
        return { status, code: 'malformed-json', message: 'The request body is not valid JSON' };
      }
      return { status, code: STATUS_CODES[status] ?? 'error', message };
    }
    // body-parser errors carry a status and a type.
    const bp = e as { status?: number; type?: string };
    if (bp?.type === 'entity.parse.failed') {
      return { status: 400, code: 'malformed-json', message: 'The request body is not valid JSON' };
    }
    if (bp?.type === 'entity.too.large') {
      return { status: 413, code: 'payload-too-large', message: 'The request body is too large' };
    }
    if (isPgError(e, PG_UNIQUE_VIOLATION)) {
      return { status: 409, code: 'conflict', message: 'This record already exists' };
    }
    if (isPgError(e, PG_FOREIGN_KEY_VIOLATION)) {
      return { status: 409, code: 'conflict', message: 'This record refers to something that no longer exists' };
    }
    // PostgreSQL or Redis is down: nothing was written; a fast, honest 503 the client may retry
    // (docs/architecture.md §6 Outages).
    if (isDependencyUnavailable(e) || isRedisUnavailable(e)) {
      return {
        status: HttpStatus.SERVICE_UNAVAILABLE,
        code: 'service-unavailable',
        message: MESSAGES.serviceUnavailable,
        headers: { 'Retry-After': '5' },
      };
    }
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, code: 'internal-error', message: MESSAGES.internalError };
  }
}
