import { prerender } from 'react-dom/static';
import { App } from '@/app/app';
import { PAGE_META, type PageMeta } from '@/app/page-meta';
import { activateLanguage, languageOfPath, DEFAULT_LANGUAGE } from '@/lib/i18n';

/**
 * Public pages whose HTML is rendered at build time, as a visitor sees them outside maintenance, so
 * a phone paints them before the JavaScript arrives (docs/architecture.md §1, What loads first). The
 * file name is the one the API looks for in dist/prerendered/.
 */
export const PRERENDERED_PAGES: Record<string, string> = {
  '/': 'index.html',
  '/diy-guide': 'diy-guide.html',
  '/terms': 'terms.html',
  '/privacy': 'privacy.html',
};

/** The page's markup once every lazy part has loaded, and its title and description. */
export async function prerenderPage(path: string): Promise<{ html: string; meta: PageMeta }> {
  await activateLanguage(languageOfPath(path) ?? DEFAULT_LANGUAGE, ['common']);
  // One piece: a part streamed separately would need an inline script, which the CSP forbids.
  const { prelude } = await prerender(<App ssrPath={path} />, { progressiveChunkSize: Infinity });
  return { html: await new Response(prelude).text(), meta: PAGE_META[path]! };
}
