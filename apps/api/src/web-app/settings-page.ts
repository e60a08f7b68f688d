import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { PAGE_PLACEHOLDERS, PAGE_SETTINGS_ID, type SiteConfigAnswer, telHref } from '@rxbridge/contracts';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/**
 * The built page with the runtime settings written in (docs/architecture.md §1, What loads first):
 * the support contacts where the pre-rendered markup holds their placeholders, and GET /config's
 * answer as a data block the app reads before it renders, so the first paint and the first render
 * already show them. JSON, never a script that runs: the CSP forbids inline scripts. The page's
 * addresses in other languages (`hreflang`) become absolute on APP_URL, as search engines require.
 */
export function fillPage(html: string, config: SiteConfigAnswer, appUrl: string): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const origin = new URL(appUrl).origin;
  const block = `<script type="application/json" id="${PAGE_SETTINGS_ID}">${json}</script>`;
  if (!html.includes('</head>')) throw new Error('The page has no </head>');
  return html
    .replaceAll(telHref(PAGE_PLACEHOLDERS.supportPhone), escapeHtml(telHref(config.supportPhone)))
    .replaceAll(PAGE_PLACEHOLDERS.supportPhone, escapeHtml(config.supportPhone))
    .replaceAll(PAGE_PLACEHOLDERS.supportEmail, escapeHtml(config.supportEmail))
    .replace(/(<link rel="alternate" hreflang="[\w-]+" href=")(?=\/)/g, (_, link: string) => link + escapeHtml(origin))
    .replace('</head>', () => `  ${block}\n  </head>`);
}

interface FilledPage {
  etag: string;
  encodings: { br?: Buffer; gzip?: Buffer; identity: Buffer };
}

/**
 * Sends the built HTML files of `dir` filled in with `config`. The settings are fixed per process,
 * so each page is filled once, at its first request, and compressed once per encoding a browser asks
 * for. `appUrl` is read then: a server started on port 0 knows its address only once it listens.
 */
export function settingsPages(dir: string, config: SiteConfigAnswer, appUrl: () => string) {
  const pages = new Map<string, FilledPage>();
  const pageOf = (file: string) => {
    let page = pages.get(file);
    if (!page) {
      const body = Buffer.from(fillPage(readFileSync(join(dir, file), 'utf8'), config, appUrl()));
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      page = { etag, encodings: { identity: body } };
      pages.set(file, page);
    }
    return page;
  };
  return (request: FastifyRequest, reply: FastifyReply, file: string) => {
    const page = pageOf(file);
    reply.header('Content-Type', 'text/html; charset=utf-8');
    reply.header('Cache-Control', 'no-cache');
    reply.header('Vary', varyWith(reply.getHeader('Vary'), 'Accept-Encoding'));
    reply.header('ETag', page.etag);
    if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const { encodings } = page;
    if (/\bbr\b/.test(accepted)) {
      encodings.br ??= brotliCompressSync(encodings.identity);
      return reply.header('Content-Encoding', 'br').send(encodings.br);
    }
    if (/\bgzip\b/.test(accepted)) {
      encodings.gzip ??= gzipSync(encodings.identity, { level: 9 });
      return reply.header('Content-Encoding', 'gzip').send(encodings.gzip);
    }
    return reply.send(encodings.identity);
  };
}

const varyWith = (current: unknown, name: string) => (current ? `${String(current)}, ${name}` : name);
