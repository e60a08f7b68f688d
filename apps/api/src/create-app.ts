import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AppModule } from './app.module';
import { type Settings, loadSettings } from '@rxbridge/platform';
import { RedisIoAdapter } from './realtime/redis-io.adapter';

export const API_PREFIX = 'api/v1';

/** Builds the API application (used by main.ts and by the tests), not yet listening. */
export async function createApiApp(settings: Settings = loadSettings()): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(settings), {
    bufferLogs: true,
    rawBody: true,
  });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  if (settings.TRUST_PROXY) app.set('trust proxy', 1);
  app.disable('x-powered-by');
  app.use(
    helmet({
      contentSecurityPolicy: { directives: contentSecurityPolicy(settings) },
      // The checkout popup (another origin) must keep its link to the dashboard that opened it.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    }),
  );
  app.useBodyParser('json', { limit: '1mb' });
  app.setGlobalPrefix(API_PREFIX);
  // Socket.IO on the same port, with the Redis adapter so several API processes share rooms.
  app.useWebSocketAdapter(new RedisIoAdapter(app));
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

/**
 * The built web app, with index.html for every client-side route; /api keeps its own 404s. API and
 * socket paths skip the file lookup: serve-static would stat the disk on every API request
 * (docs/architecture.md §14 Performance).
 */
function serveWebApp(app: NestExpressApplication, settings: Settings) {
  const dir = resolve(settings.WEB_DIST_DIR ?? join(__dirname, '../../web/dist'));
  const index = join(dir, 'index.html');
  if (!existsSync(index)) return;
  const assets = express.static(dir, { index: false, maxAge: '1h' });
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.path.startsWith('/api/') || req.path.startsWith('/socket.io')) return next();
    assets(req, res, () => {
      if (req.method !== 'GET') return next();
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(index);
    });
  });
}
