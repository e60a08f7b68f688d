import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import { existsSync, readdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { AppModule } from './app.module';
import { METRICS, type Settings, loadSettings } from '@rxbridge/platform';
import { httpMetrics } from './common/http-metrics';
import { EnvelopeExpressAdapter } from './common/envelope';
import { RedisIoAdapter } from './realtime/redis-io.adapter';
import { serveApiDocs } from './openapi/openapi';
import { mountQueueBoard } from './admin/queue-board';

export const API_PREFIX = 'api/v1';

/** Builds the API application (used by main.ts and by the tests), not yet listening. */
export async function createApiApp(settings: Settings = loadSettings()): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.forRoot(settings),
    new EnvelopeExpressAdapter(),
    {
      bufferLogs: true,
      rawBody: true,
    },
  );
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  if (settings.TRUST_PROXY) app.set('trust proxy', 1);
  app.disable('x-powered-by');
  app.use(httpMetrics(app.get(METRICS)));
  app.use(
    helmet({
      contentSecurityPolicy: { directives: contentSecurityPolicy(settings) },
      // The checkout popup (another origin) must keep its link to the dashboard that opened it.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    }),
  );
  app.useBodyParser('json', { limit: '1mb' });
  app.setGlobalPrefix(API_PREFIX);
  serveApiDocs(app);
  // Socket.IO on the same port, with the Redis adapter so several API processes share rooms.
  app.useWebSocketAdapter(new RedisIoAdapter(app));
  mountQueueBoard(app);
  serveWebApp(app, settings);
  return app;
}

function contentSecurityPolicy(settings: Settings) {
  const chat = settings.CHAT_WIDGET_SRC ? [new URL(settings.CHAT_WIDGET_SRC).origin] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...chat],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...chat],
    connectSrc: ["'self'", 'ws:', 'wss:', ...chat],
    frameSrc: ["'self'", ...chat],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    // Only over https: on http://localhost it would send the browser to a port that speaks no TLS.
    upgradeInsecureRequests: settings.APP_URL.startsWith('https:') ? [] : null,
  };
}

/** Hashed file names (Vite's assets/) never change content, so browsers may keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The built web app: the public pages as pre-rendered at build time (outside maintenance), index.html for
 * every other client-side route; /api keeps its own 404s. Text files
 * are sent as the .br or .gz written at build time, whichever the browser accepts (docs/architecture.md).
 */
function serveWebApp(app: NestExpressApplication, settings: Settings) {
  const dir = resolve(settings.WEB_DIST_DIR ?? join(__dirname, '../../web/dist'));
  if (!existsSync(join(dir, 'index.html'))) return;
  const serve = expressStaticGzip(dir, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      setHeaders: (res, path) => {
        const file = basename(path).replace(/\.(br|gz)$/, '');
        if (file.endsWith('.html')) res.setHeader('Cache-Control', 'no-cache');
        else if (path.startsWith(join(dir, 'assets'))) res.setHeader('Cache-Control', IMMUTABLE);
        else res.setHeader('Cache-Control', 'public, max-age=86400');
      },
    },
  });
  const prerendered = settings.MAINTENANCE_MODE ? new Map<string, string>() : prerenderedPages(dir);
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.path.startsWith('/api/') || req.path.startsWith('/socket.io')) return next();
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const page = prerendered.get(req.path);
    if (page) {
      req.url = page;
      return serve(req, res, next);
    }
    serve(req, res, () => {
      // A missing file (an asset of an older build, /favicon.ico) is a 404, never the app's page.
      if (req.path.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(req.path)) return next();
      req.url = '/index.html';
      serve(req, res, next);
    });
  });
}

/**
 * The public pages the web build rendered to HTML (dist/prerendered/<name>.html, '/' is index.html),
 * by path. They show a visitor's page outside maintenance, so in maintenance none is sent.
 */
function prerenderedPages(dir: string): Map<string, string> {
  const pages = new Map<string, string>();
  const folder = join(dir, 'prerendered');
  if (!existsSync(folder)) return pages;
  for (const file of readdirSync(folder)) {
    if (!file.endsWith('.html')) continue;
    const name = file.slice(0, -'.html'.length);
    pages.set(name === 'index' ? '/' : `/${name}`, `/prerendered/${file}`);
  }
  return pages;
}
