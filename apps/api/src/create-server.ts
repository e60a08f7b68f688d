import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Logger } from 'nestjs-pino';
import { ServerModule } from './server.module';
import { METRICS, type Settings, createLogger, describeActiveSpan, loadSettings } from '@rxbridge/platform';
import { httpMetrics } from './common/http-metrics';
import { EnvelopeFastifyAdapter } from './common/envelope';
import { serveWebApp } from './web-app/serve-web-app';
import { bodyShapeProblem, frameworkFailure } from './common/exception.filter';
import { requestLogging } from './common/request-log';
import { DOCUMENT_UPLOAD_LIMITS } from './records/documents/upload.interceptor';
import { RedisIoAdapter } from './realtime/redis-io.adapter';
import { serveApiDocs } from './openapi/openapi';
import { mountQueueBoard } from './admin/queue-board';
import { prepareDrain } from './drain';

export const API_PREFIX = 'api/v1';
const API_PATH = `/${API_PREFIX}/`;

/**
 * The headers of an API answer (JSON, or a file a route sends): the set the OWASP REST Security
 * Cheat Sheet gives for APIs, and cross-origin reads refused. They are not pages, so the page policy
 * (helmet's dozen headers, a kilobyte) would only cost every answer bytes and parsing: with it a
 * bare Node server spent half again as much CPU per answer (docs/architecture.md §13, §15).
 */
const API_SECURITY_HEADERS = {
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "frame-ancestors 'none'",
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
};

/** JSON bodies past this are refused with a 413 before any route reads them; uploads have their own limits. */
const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * Builds the API application (used by main.ts and by the tests), not yet listening. Nest runs on
 * Fastify: on Express the framework alone cost more CPU per request than our routes (docs/architecture.md §15).
 */
export async function createApiServer(settings: Settings = loadSettings()): Promise<NestFastifyApplication> {
  const logger = createLogger(settings);
  const pageHeaders = securityHeaders(settings);
  const headersFor = (url: string) => (url.startsWith(API_PATH) ? API_SECURITY_HEADERS : pageHeaders);
  const adapter = new EnvelopeFastifyAdapter({
    ...requestLogging(logger),
    trustProxy: settings.TRUST_PROXY,
    bodyLimit: JSON_BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true },
    // The router's own refusals (a malformed %-encoding, an over-long path segment) come before any
    // hook: answered here in the envelope, with the security headers (docs/architecture.md §13).
    frameworkErrors: (error: Error, request: FastifyRequest, reply: FastifyReply) => {
      reply.headers(headersFor(request.url)).header('x-request-id', request.id);
      frameworkFailure(error, request, reply);
    },
  });
  const server = await NestFactory.create<NestFastifyApplication>(ServerModule.forRoot(settings, logger), adapter, {
    bufferLogs: true,
    rawBody: true,
  });
  server.useLogger(server.get(Logger));
  // No Nest shutdown hooks: main.ts drains on SIGTERM and exits 0 (drain.ts, docs/architecture.md §1).
  const fastify = server.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  httpMetrics(fastify, server.get(METRICS));
  // One hook for every request: its security headers and its id (docs/architecture.md §13), which
  // also names its trace's span with the route (docs/architecture.md §13 Tracing).
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.headers(headersFor(request.url)).header('x-request-id', request.id);
    const route = request.routeOptions.url;
    describeActiveSpan(route ? `${request.method} ${route}` : request.method, {
      'rxbridge.request_id': request.id,
      ...(route && { 'http.route': route }),
    });
    done();
  });
  // Bodies are JSON (or an upload's multipart): Fastify's plain-text parser would hand a route a string.
  fastify.removeContentTypeParser('text/plain');
  // A JSON body is an object (or a bulk route's array): null or a bare value is a 400 naming the problem.
  fastify.addHook('preValidation', (request, _reply, done) => done(bodyShapeProblem(request) ?? undefined));
  await server.register(fastifyMultipart, { limits: DOCUMENT_UPLOAD_LIMITS });
  server.setGlobalPrefix(API_PREFIX);
  serveApiDocs(server);
  // Socket.IO on the same port, with the Redis adapter so several API processes share rooms.
  const sockets = new RedisIoAdapter(server);
  server.useWebSocketAdapter(sockets);
  prepareDrain(server, sockets);
  await mountQueueBoard(server);
  await serveWebApp(server, fastify, adapter, settings);
  return server;
}

/**
 * The pages' headers (the web app, the API docs, Bull Board): helmet's, worked out once. With our
 * settings every one is the same on every answer, and
 * running helmet's middleware per request took 40% off a minimal app's rate (docs/architecture.md §15).
 */
function securityHeaders(settings: Settings): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name] = String(value)),
    removeHeader: (name: string) => void delete headers[name],
    getHeader: (name: string) => headers[name],
  };
  let failure: unknown;
  helmet({
    contentSecurityPolicy: { directives: contentSecurityPolicy(settings) },
    // The checkout popup (another origin) must keep its link to the dashboard that opened it.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  })({ headers: {} } as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => (failure = err));
  if (failure) throw failure;
  return headers;
}

function contentSecurityPolicy(settings: Settings) {
  const chat = settings.CHAT_WIDGET_SRC ? [new URL(settings.CHAT_WIDGET_SRC).origin] : [];
  // The app talks to its own origin only: fetch, and the live-update socket (Socket.IO's WebSocket to
  // the same host, which 'self' covers in CSP 3; spelled out for browsers that read 'self' as http(s)
  // only). Never any ws: or wss: host (docs/architecture.md §13).
  const app = new URL(settings.APP_URL);
  const socket = `${app.protocol === 'https:' ? 'wss:' : 'ws:'}//${app.host}`;
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...chat],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...chat],
    connectSrc: ["'self'", socket, ...chat],
    frameSrc: ["'self'", ...chat],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    // Only over https: on http://localhost it would send the browser to a port that speaks no TLS.
    upgradeInsecureRequests: settings.APP_URL.startsWith('https:') ? [] : null,
  };
}
