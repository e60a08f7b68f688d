/**
 * Which language a visitor gets at a public page's address without a language prefix (docs/architecture.md,
 * Languages): the device's remembered choice (the rxb_lang cookie the web app writes) decides; without it,
 * a browser that prefers Spanish over English is sent to the Spanish page. `/es` pages are always Spanish.
 */
export type PageLanguage = 'en' | 'es';

/** The cookie the web app writes when a visitor chooses a language (apps/web/src/lib/i18n/language.ts). */
export const LANGUAGE_COOKIE = 'rxb_lang';

/** The value of `name` in a Cookie header, if any. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/**
 * 'es' when the Accept-Language header ranks a Spanish tag above every English one (by q, then by
 * order), else 'en'. Tags of other languages are skipped: `fr, es;q=0.8, en;q=0.5` prefers Spanish.
 */
export function preferredOfAcceptLanguage(header: string | undefined): PageLanguage {
  const ranked = (header ?? '')
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { base: tag.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => (entry.base === 'en' || entry.base === 'es') && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.base === 'es' ? 'es' : 'en';
}

/** The language of an unprefixed public page for this request: the cookie's, else the browser's. */
export function languageOfRequest(headers: { cookie?: string; 'accept-language'?: string }): PageLanguage {
  const chosen = cookieValue(headers.cookie, LANGUAGE_COOKIE);
  if (chosen === 'en' || chosen === 'es') return chosen;
  return preferredOfAcceptLanguage(headers['accept-language']);
}
