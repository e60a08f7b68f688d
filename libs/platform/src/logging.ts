import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Params } from 'nestjs-pino';
import { stdSerializers } from 'pino';
import type { Settings } from './settings';

/**
 * Request logs carry method, path (no query: it may hold tokens), status and timing; never bodies,
 * so no password, token or health detail is written.
 */
export function loggerOptions(settings: Settings): Params {
  return {
    pinoHttp: {
      level: settings.LOG_LEVEL,
      genReqId: (req: IncomingMessage) => {
        const given = req.headers['x-request-id'];
        return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
      },
      // Our serializers read the raw request and response: pino-http's wrapping would first copy
      // every header into a new object on each request, only for these to keep three fields
      // (docs/architecture.md §15 Performance).
      wrapSerializers: false,
      serializers: {
        req: (req: { id: string; method: string; url: string; originalUrl?: string }) => ({
          id: req.id,
          method: req.method,
          path: (req.originalUrl ?? req.url).split('?')[0],
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        err: stdSerializers.err,
      },
      redact: ['req.headers', 'res.headers'],
      autoLogging: { ignore: (req: IncomingMessage) => req.url === '/api/v1/health' },
      customLogLevel: (_req, res, err) =>
        err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    },
  };
}
