import { StreamableFile } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Response } from 'express';

const MESSAGE = Symbol('message');

/** Lets a handler add a human message to its answer: `return withMessage(data, 'Saved')`. */
export function withMessage<T extends object>(data: T, message: string): T {
  return Object.assign(data, { [MESSAGE]: message });
}

/** A handler's answer as the client receives it: `{ success: true, data, message? }` (docs/product.md §10 API). */
export function envelope(data: unknown) {
  const message = data && typeof data === 'object' ? (data as Record<symbol, string>)[MESSAGE] : undefined;
  return { success: true as const, data: data ?? null, ...(message && { message }) };
}

/**
 * Express, with every successful answer wrapped in the envelope where Nest sends a handler's result.
 * A global interceptor did this before: Nest runs each interceptor through rxjs and binds an
 * AsyncResource per request, which cost more CPU than the route itself (docs/architecture.md §15).
 * Errors never come here (ApiExceptionFilter writes them), nor files a handler sends itself.
 */
export class EnvelopeExpressAdapter extends ExpressAdapter {
  override reply(response: Response, body: unknown, statusCode?: number) {
    return super.reply(response, body instanceof StreamableFile ? body : envelope(body), statusCode);
  }
}
