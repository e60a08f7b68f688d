import { DEFAULT_LANGUAGE, languageOfPath, type Language } from './language';

/**
 * The public pages, each in English at its own address and in Spanish under /es (docs/architecture.md,
 * Languages): `/terms` and `/es/terms` are the same page. Their language is their address's, so the
 * HTML pre-rendered for an address and the app hydrating it always agree.
 */
export const PUBLIC_PAGES = ['/', '/diy-guide', '/terms', '/privacy'] as const;

/** '/es/terms' -> '/terms', '/es' -> '/'; a path without a language prefix is returned as it is. */
export function pageOfPath(pathname: string): string {
  const language = languageOfPath(pathname);
  return language ? pathname.slice(language.length + 1) || '/' : pathname;
}

/** True for a public page in either language ('/', '/es', '/terms', '/es/terms'...). */
export const isPublicPage = (pathname: string): boolean =>
  (PUBLIC_PAGES as readonly string[]).includes(pageOfPath(pathname));

/** A public page's language: its address says (English without a prefix); undefined elsewhere. */
export const publicPageLanguage = (pathname: string): Language | undefined =>
  isPublicPage(pathname) ? (languageOfPath(pathname) ?? DEFAULT_LANGUAGE) : undefined;

/**
 * The address of `to` ('/terms', '/privacy#hipaa', '/#about') in `language`: '/es/terms',
 * '/es/privacy#hipaa', '/es#about'. Links between public pages keep the reader's language.
 */
export function localizedPath(to: string, language: Language): string {
  const [, path = '/', rest = ''] = /^([^?#]*)(.*)$/.exec(to) ?? [];
  const page = pageOfPath(path || '/');
  if (language === DEFAULT_LANGUAGE) return `${page}${rest}`;
  return `/${language}${page === '/' ? '' : page}${rest}`;
}
