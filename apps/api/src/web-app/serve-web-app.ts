import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import type { Settings } from '@rxbridge/platform';
import type { EnvelopeFastifyAdapter } from '../common/envelope';
import { siteConfig } from '../site-config/site-config';
import { languageOfRequest } from './page-language';
import { settingsPages } from './settings-page';

/** Hashed file names (Vite's assets/) never change content, so browsers may keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The built web app: the public pages as pre-rendered at build time in each language (outside
 * maintenance), index.html for every other client-side route; /api keeps its own 404s. Text files
 * are sent as the .br or .gz written at build time, whichever the browser accepts (docs/architecture.md).
 * A public page's address without a language prefix answers in the visitor's language (docs/architecture.md,
 * Languages): the Spanish one is a redirect to its /es address.
 */
export async function serveWebApp(
  server: NestFastifyApplication,
  fastify: FastifyInstance,
  adapter: EnvelopeFastifyAdapter,
  settings: Settings,
) {
  const dir = resolve(settings.WEB_DIST_DIR ?? join(__dirname, '../../../web/dist'));
  if (!existsSync(join(dir, 'index.html'))) return;
  await server.register(fastifyStatic, {
    root: dir,
    preCompressed: true,
    index: false,
    // One route per built file, found at start: a wildcard route would answer /api's unknown paths too.
    wildcard: false,
    cacheControl: false,
    // Pages go out filled in (below), never as built.
    allowedPath: (path: string) => !path.endsWith('.html'),
    setHeaders: (reply: FastifyReply, path: string) => {
      const file = basename(path).replace(/\.(br|gz)$/, '');
      if (file.endsWith('.html')) reply.header('Cache-Control', 'no-cache');
      else if (path.startsWith(join(dir, 'assets'))) reply.header('Cache-Control', IMMUTABLE);
      else reply.header('Cache-Control', 'public, max-age=86400');
    },
  });
  // Every page is sent with the runtime settings written in (docs/architecture.md §1, Settings in the page).
  const sendPage = settingsPages(dir, siteConfig(settings), () => settings.APP_URL);
  const pages = prerenderedPages(dir);
  const prerendered = settings.MAINTENANCE_MODE ? new Map<string, string>() : pages;
  const page = (path: string) => prerendered.get(path) ?? 'index.html';
  for (const path of pages.keys()) {
    const spanish = spanishAddress(path);
    if (!pages.has(spanish)) {
      fastify.get(path, (request, reply) => sendPage(request, reply, page(path)));
      continue;
    }
    fastify.get(path, (request, reply) => {
      // The answer depends on these two headers: a cache keeps one per value.
      reply.header('Vary', 'Accept-Language, Cookie');
      if (languageOfRequest(request.headers) === 'es') {
        const query = request.url.slice(request.url.split('?')[0]!.length);
        return reply.redirect(`${spanish}${query}`, 302);
      }
      return sendPage(request, reply, page(path));
    });
  }
  adapter.serveUnmatched((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0];
    if (path.startsWith('/api/') || path.startsWith('/socket.io')) return false;
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    // A missing file (an asset of an older build, /favicon.ico) is a 404, never the app's page.
    if (path.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(path)) return false;
    void sendPage(request, reply, 'index.html');
    return true;
  });
}

/** '/' -> '/es', '/terms' -> '/es/terms'. */
const spanishAddress = (path: string) => (path === '/' ? '/es' : `/es${path}`);

/**
 * The public pages the web build rendered to HTML, by path: dist/prerendered/<name>.html in English
 * ('/' is index.html), dist/prerendered/<language>/<name>.html under /<language>. They show a
 * visitor's page outside maintenance, so in maintenance none is sent (their addresses still choose a language).
 */
function prerenderedPages(dir: string): Map<string, string> {
  const pages = new Map<string, string>();
  const read = (folder: string, prefix: string) => {
    if (!existsSync(join(dir, folder))) return;
    for (const entry of readdirSync(join(dir, folder), { withFileTypes: true })) {
      if (entry.isDirectory() && !prefix && /^[a-z]{2}$/.test(entry.name))
        read(`${folder}/${entry.name}`, `/${entry.name}`);
      if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
      const name = entry.name.slice(0, -'.html'.length);
      pages.set(name === 'index' ? prefix || '/' : `${prefix}/${name}`, `${folder}/${entry.name}`);
    }
  };
  read('prerendered', '');
  return pages;
}
