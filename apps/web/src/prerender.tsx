import { prerender } from 'react-dom/static';
import { App } from '@/app/app';
import { pageMeta, type PageMeta } from '@/app/page-meta';
import { pageNamespaces } from '@/app/router';
import {
  activateLanguage,
  localizedPath,
  LANGUAGES,
  PUBLIC_PAGES,
  publicPageLanguage,
  type Language,
} from '@/lib/i18n';

/**
 * Public pages whose HTML is rendered at build time, as a visitor sees them outside maintenance, so
 * a phone paints them before the JavaScript arrives (docs/architecture.md §1, What loads first), in
 * each language (docs/architecture.md, Languages). The file name is the one the API looks for in
 * dist/prerendered/: `/terms` is terms.html, `/es/terms` es/terms.html, `/` index.html.
 */
export const PRERENDERED_PAGES: Record<string, string> = Object.fromEntries(
  LANGUAGES.flatMap((language) =>
    PUBLIC_PAGES.map((page) => {
      const path = localizedPath(page, language);
      const file = `${page === '/' ? 'index' : page.slice(1)}.html`;
      return [path, language === 'en' ? file : `${language}/${file}`];
    }),
  ),
);

export interface PrerenderedPage {
  html: string;
  meta: PageMeta;
  language: Language;
  /** The page's address in every language, for <link rel="alternate" hreflang>. */
  alternates: Record<Language, string>;
}

/** The page's markup once every lazy part has loaded, in its language, and its title and description. */
export async function prerenderPage(path: string): Promise<PrerenderedPage> {
  const language = publicPageLanguage(path)!;
  await activateLanguage(language, pageNamespaces(path));
  // One piece: a part streamed separately would need an inline script, which the CSP forbids.
  const { prelude } = await prerender(<App ssrPath={path} />, { progressiveChunkSize: Infinity });
  const alternates = Object.fromEntries(LANGUAGES.map((l) => [l, localizedPath(path, l)])) as Record<Language, string>;
  return { html: await new Response(prelude).text(), meta: pageMeta(path, language), language, alternates };
}
