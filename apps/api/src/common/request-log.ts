import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { requestIdFor } from '@rxbridge/platform';

/** Not worth a line per probe: load balancers ask every few seconds. */
const UNLOGGED = '/api/v1/health';

/** What a request line says of the request: its id, method and path; the query may hold a signed link's token. */
const requestOf = (request: FastifyRequest) => ({
  id: request.id,
  method: request.method,
  path: request.url.split('?')[0],
});

/**
 * The API's request log (docs/architecture.md §13): one line per request, when it ends, with the
 * request id, method, path, status and time, at `warn` for a 4xx and `error` for a 5xx. Fastify's own
 * lines (one more on arrival, the raw URL with its query, its serializers) are replaced here, and no
 * child logger is made per request: the line names the request itself (docs/architecture.md §15).
 */
export class RequestLog extends LogController {
  private readonly logger: Logger;

  constructor(logger: Logger) {
    super({});
    // The lines written here carry only the fields above, never headers: the logger's header
    // redaction would copy each line's objects to look for them (docs/architecture.md §15).
    this.logger = logger.child({}, { redact: [] });
  }

  override incomingRequest() {}

  override routeNotFound() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (request.url === UNLOGGED) return;
    const status = reply.statusCode;
    const level = error || status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
    this.logger[level](
      {
        req: requestOf(request),
        res: { statusCode: status },
        responseTime: reply.elapsedTime,
        ...(error && { err: error }),
      },
      error ? 'request errored' : 'request completed',
    );
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply) {
    this.logger[reply.statusCode >= 500 ? 'error' : 'info']({ req: requestOf(request), err: error }, 'request failed');
  }

  override streamError(error: Error & { code?: string }, request: FastifyRequest) {
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') return;
    this.logger.warn({ req: requestOf(request), err: error }, 'response ended with an error after its headers');
  }

  override writeHeadError(error: Error, request: FastifyRequest) {
    this.logger.warn({ req: requestOf(request), err: error }, 'response headers could not be written');
  }

  override serializerError(error: Error, request: FastifyRequest) {
    this.logger.error({ req: requestOf(request), err: error }, 'response could not be serialized');
  }
}

/** Fastify's logging options for the API: `logger` for everything, the request line above, the caller's request id kept. */
export function requestLogging(logger: Logger) {
  return {
    loggerInstance: logger,
    logController: new RequestLog(logger),
    // The request line names its request; a child logger per request would only repeat the id.
    childLoggerFactory: (parent: FastifyBaseLogger) => parent,
    genReqId: (req: IncomingMessage) => requestIdFor(req.headers['x-request-id']),
  };
}
