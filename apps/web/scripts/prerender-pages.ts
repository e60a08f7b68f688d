import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createServer } from 'vite';
import { ROUTES } from './check-budget.mjs';

type Manifest = Record<string, { file: string; imports?: string[] }>;

/** <link rel="modulepreload"> for the route's own chunks the page does not already name. */
function preloadLinks(manifest: Manifest, path: string, page: string): string {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  ((ROUTES as Record<string, string[]>)[path] ?? []).forEach(visit);
  return [...files]
    .filter((file) => !page.includes(`/${file}"`))
    .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`)
    .join('');
}

interface PrerenderModule {
  PRERENDERED_PAGES: Record<string, string>;
  prerenderPage(path: string): Promise<{
    html: string;
    meta: { title: string; description: string };
    language: string;
    alternates: Record<string, string>;
  }>;
}

/**
 * <link rel="alternate" hreflang> to the page in every language, English as x-default
 * (docs/architecture.md, Languages).
 */
function alternateLinks(alternates: Record<string, string>): string {
  return [...Object.entries(alternates), ['x-default', alternates.en!]]
    .map(([lang, href]) => `    <link rel="alternate" hreflang="${lang}" href="${escape(href!)}">\n`)
    .join('');
}

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Sets `content` of the <meta> whose `attribute` is `key` in the page's head. */
function setMeta(page: string, attribute: string, key: string, content: string) {
  const tag = new RegExp(`(<meta\\s+${attribute}="${key}"\\s+content=")[^"]*(")`);
  if (!tag.test(page)) throw new Error(`index.html has no <meta ${attribute}="${key}">`);
  return page.replace(tag, `$1${escape(content)}$2`);
}

/**
 * Writes dist/prerendered/<page>.html: the built index.html with the public page's markup inside
 * #root and its own title and description, so a phone paints the page before the JavaScript arrives
 * and the app then hydrates it (docs/architecture.md §1, What loads first). src/prerender.tsx says
 * which pages; the app's own code renders them, through Vite, as the browser bundle would.
 */
export async function prerenderPages(root: string, outDir: string) {
  const server = await createServer({
    root,
    configFile: join(root, 'vite.config.ts'),
    appType: 'custom',
    logLevel: 'warn',
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  try {
    const { PRERENDERED_PAGES, prerenderPage } = (await server.ssrLoadModule('/src/prerender.tsx')) as PrerenderModule;
    const template = readFileSync(join(outDir, 'index.html'), 'utf8');
    if (!template.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root">');
    if (!template.includes('<html lang="en">')) throw new Error('index.html has no <html lang="en">');
    const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    for (const [path, file] of Object.entries(PRERENDERED_PAGES)) {
      const { html, meta, language, alternates } = await prerenderPage(path);
      let page = template
        .replace('<html lang="en">', () => `<html lang="${language}">`)
        .replace(/<title>[^<]*<\/title>/, `<title>${escape(meta.title)}</title>`)
        .replace('<div id="root"></div>', () => `<div id="root" data-prerendered>${html}</div>`);
      page = setMeta(page, 'name', 'description', meta.description);
      page = setMeta(page, 'property', 'og:title', meta.title);
      page = setMeta(page, 'property', 'og:description', meta.description);
      page = setMeta(page, 'property', 'og:url', path);
      page = setMeta(page, 'name', 'twitter:title', meta.title);
      page = setMeta(page, 'name', 'twitter:description', meta.description);
      // The page's own code is fetched with the entry, not after it: hydration waits for both.
      // Its catalogues too: the app activates the page's language before hydrating.
      page = page.replace(
        '  </head>',
        () => `${alternateLinks(alternates)}${preloadLinks(manifest, path, page)}  </head>`,
      );
      const target = join(outDir, 'prerendered', file);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, page);
    }
  } finally {
    await server.close();
  }
}
