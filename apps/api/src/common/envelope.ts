import { StreamableFile } from '@nestjs/common';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { localizeMessage, type Language } from '@rxbridge/contracts';
import { answerLanguage } from './language';

const MESSAGE = Symbol('message');

/** Lets a handler add a human message to its answer: `return withMessage(data, 'Saved')`. */
export function withMessage<T extends object>(data: T, message: string): T {
  return Object.assign(data, { [MESSAGE]: message });
}

/** A handler's answer as the client receives it: `{ success: true, data, message? }` (docs/product.md §10 API). */
export function envelope(data: unknown, language: Language = 'en') {
  const message = data && typeof data === 'object' ? (data as Record<symbol, string>)[MESSAGE] : undefined;
  return {
    success: true as const,
    data: data ?? null,
    ...(message && { message: localizeMessage(message, language) }),
  };
}

/** The envelope's message follows Accept-Language (docs/product.md, Languages); only then does the body vary by it. */
function envelopeFor(response: FastifyReply, data: unknown) {
  const hasMessage = !!data && typeof data === 'object' && MESSAGE in data;
  return envelope(data, hasMessage ? answerLanguage(response.request, response) : 'en');
}

/** Answers a request no route matched, when it is the web app's (see create-server.ts); false leaves it to the 404. */
export type UnmatchedRequestHandler = (request: FastifyRequest, reply: FastifyReply) => boolean;

/**
 * Fastify, with every successful answer wrapped in the envelope where Nest sends a handler's result.
 * A global interceptor did this before: Nest runs each interceptor through rxjs and binds an
 * AsyncResource per request, which cost more CPU than the route itself (docs/architecture.md §15).
 * Errors never come here (ApiExceptionFilter writes them), nor files a handler sends itself.
 */
export class EnvelopeFastifyAdapter extends FastifyAdapter {
  private unmatched?: UnmatchedRequestHandler;

  override reply(response: FastifyReply, body: unknown, statusCode?: number) {
    return super.reply(response, body instanceof StreamableFile ? body : envelopeFor(response, body), statusCode);
  }

  /** The web app's pages are the requests no API route matched; they are tried before Nest's 404. */
  serveUnmatched(handler: UnmatchedRequestHandler) {
    this.unmatched = handler;
  }

  override setNotFoundHandler(handler: (request: FastifyRequest, reply: FastifyReply) => unknown) {
    return super.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) =>
      this.unmatched?.(request, reply) ? undefined : handler(request, reply),
    );
  }
}
