import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_MESSAGES, MESSAGES, type ApiFailure } from '@rxbridge/contracts';
import { isPgError, PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION } from '@rxbridge/database';
import {
  ApiError,
  isDependencyUnavailable,
  isRedisUnavailable,
  isTransactionConflict,
  serviceUnavailable,
} from '@rxbridge/platform';
import { answerLanguage, localizeFailure } from './language';

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

interface Failure {
  status: number;
  code: string;
  message: string;
  fields?: Record<string, string>;
  headers?: Record<string, string>;
  extra?: Record<string, unknown>;
}

/** Fastify's refusals of a body before any route sees it (FST_ERR_CTP_*), in our words. */
function parserError(e: unknown): Failure | null {
  const { code, statusCode } = (e ?? {}) as { code?: unknown; statusCode?: unknown };
  if (typeof code !== 'string' || !code.startsWith('FST_') || typeof statusCode !== 'number') return null;
  if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return { status: 400, code: 'malformed-json', message: API_MESSAGES.malformedJson };
  }
  if (statusCode === 413) return { status: 413, code: 'payload-too-large', message: API_MESSAGES.bodyTooLarge };
  if (statusCode === 415) {
    return { status: 415, code: 'unsupported-media-type', message: API_MESSAGES.sendJson };
  }
  if (statusCode >= 400 && statusCode < 500) {
    return { status: statusCode, code: STATUS_CODES[statusCode] ?? 'error', message: API_MESSAGES.unreadable };
  }
  return null;
}

/**
 * A body over the limit is answered before it is read in full; the rest is then read and thrown away
 * (up to this much) so the client, still sending, receives the 413 instead of a reset connection.
 * Anything longer is cut off.
 */
const DISCARD_LIMIT = 64 * 1024 * 1024;

/** Lets the client finish sending a refused body, bounded, so the answer reaches it (see DISCARD_LIMIT). */
function discardRestOfBody(req: FastifyRequest, res: FastifyReply) {
  const incoming = req.raw;
  if (incoming.complete) return;
  const declared = Number(req.headers['content-length']);
  if (declared > DISCARD_LIMIT) return;
  res.removeHeader('connection');
  let discarded = 0;
  incoming.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DISCARD_LIMIT) incoming.socket?.destroy();
  });
  incoming.resume();
}

/** The router's refusals (FST_ERR_BAD_URL, FST_ERR_MAX_PARAM_LENGTH), which come before Nest sees the request. */
export function frameworkFailure(error: unknown, req: FastifyRequest, res: FastifyReply) {
  const code = (error as { code?: unknown } | null)?.code;
  const failure: Failure =
    code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? { status: 414, code: 'uri-too-long', message: API_MESSAGES.uriTooLong }
      : code === 'FST_ERR_BAD_URL'
        ? { status: 400, code: 'bad-url', message: API_MESSAGES.badUrl }
        : { status: 400, code: 'bad-request', message: API_MESSAGES.unreadable };
  const worded = { ...failure, ...localizeFailure(failure, answerLanguage(req, res)) };
  void res.status(failure.status).send(failureBody(worded, String(req.id ?? '')));
}

/**
 * A JSON body that is null or a bare value (a number, a string, true): no route takes one, and a route
 * with optional fields would otherwise read `null` as "nothing given" (docs/product.md §13 Input). An
 * array goes on: `POST /prescriptions/bulk` takes one, and every other route's schema refuses it.
 */
export function bodyShapeProblem(req: FastifyRequest): ApiError | null {
  if (!/^application\/([\w.+-]*\+)?json\b/i.test(req.headers['content-type'] ?? '')) return null;
  const body: unknown = req.body;
  if (body !== undefined && (body === null || typeof body !== 'object')) {
    return new ApiError(HttpStatus.BAD_REQUEST, 'malformed-body', API_MESSAGES.bodyShape);
  }
  return null;
}

/** A thrown ApiError, or one the filter builds (the 503 of an outage), as the answer's parts. */
function failureOf(e: ApiError): Failure {
  const { code, message, fields, headers, extra } = e;
  return { status: e.getStatus(), code, message, fields, headers, extra };
}

function failureBody({ code, message, fields, extra }: Failure, requestId: string): ApiFailure {
  return { success: false, message, error: { ...extra, code, message, ...(fields && { fields }), requestId } };
}

/** One error shape for every failure; a 500 never leaks details, only a request id to quote. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost) {
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<FastifyRequest>();
    const res = ctx.getResponse<FastifyReply>();
    const requestId = String(req.id ?? '');
    const described = this.describe(exception, req);
    const { status, code, headers, extra } = described;
    // Codes and field names stay; the words follow Accept-Language (docs/product.md, Languages).
    const translated = exception instanceof ApiError ? exception : undefined;
    const { message, fields } = localizeFailure(described, answerLanguage(req, res), translated);
    if (status === 503) this.logger.warn({ requestId }, 'request failed: a service is unavailable');
    else if (status >= 500) this.logger.error({ err: exception, requestId }, 'request failed');
    const body = failureBody({ status, code, message, fields, extra }, requestId);
    if (headers) res.headers(headers);
    if (status === 413) discardRestOfBody(req, res);
    res.status(status).send(body);
  }

  private describe(e: unknown, req: FastifyRequest): Failure {
    if (e instanceof ApiError) return failureOf(e);
    if (e instanceof HttpException) {
      const status = e.getStatus();
      const body = e.getResponse();
      let message = typeof body === 'string' ? body : ((body as { message?: string | string[] }).message ?? e.message);
      if (Array.isArray(message)) message = message.join('; ');
      if (status === 404 && message.startsWith('Cannot ')) {
        message = API_MESSAGES.noSuchEndpoint(req.method, req.url.split('?')[0]);
      }
      // Nest turns the JSON parser's SyntaxError into a plain BadRequestException carrying the parser's words.
      if (status === 400 && /JSON/.test(message)) {
        return { status, code: 'malformed-json', message: API_MESSAGES.malformedJson };
      }
      return { status, code: STATUS_CODES[status] ?? 'error', message };
    }
    const parsing = parserError(e);
    if (parsing) return parsing;
    if (isPgError(e, PG_UNIQUE_VIOLATION)) {
      return { status: 409, code: 'conflict', message: API_MESSAGES.recordExists };
    }
    if (isPgError(e, PG_FOREIGN_KEY_VIOLATION)) {
      return { status: 409, code: 'conflict', message: API_MESSAGES.recordGone };
    }
    // PostgreSQL or Redis is down: nothing was written; a fast, honest 503 the client may retry
    // (docs/architecture.md §6 Outages).
    if (isDependencyUnavailable(e) || isRedisUnavailable(e)) return failureOf(serviceUnavailable(5));
    // A deadlock or serialization failure rolled the request's transaction back: sent again, it may pass.
    if (isTransactionConflict(e)) return failureOf(serviceUnavailable(1));
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, code: 'internal-error', message: MESSAGES.internalError };
  }
}
