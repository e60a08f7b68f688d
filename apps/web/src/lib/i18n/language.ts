import { LANGUAGES, type Language } from '@rxbridge/contracts';

/**
 * Which language a page speaks (docs/product.md, Languages). English is the source; Spanish is the
 * second. A third language is one more entry in libs/contracts' LANGUAGES, its `Intl` locale in
 * libs/domain's LOCALES and a folder of catalogues in src/locales.
 */
export { LANGUAGES, type Language };
export const DEFAULT_LANGUAGE: Language = 'en';

/** The label of the control that switches to `language`, written in that language. */
export const LANGUAGE_NAME: Record<Language, string> = { en: 'English', es: 'Español' };

/** The device remembers the choice; the cookie lets the server pick the language of `/` too. */
const STORAGE_KEY = 'rxb-language';
export const LANGUAGE_COOKIE = 'rxb_lang';

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** `/es/diy-guide` -> 'es'; a path without a language prefix is English. */
export function languageOfPath(pathname: string): Language | undefined {
  const prefix = /^\/([a-z]{2})(?=\/|$)/.exec(pathname)?.[1];
  return prefix && prefix !== DEFAULT_LANGUAGE && isLanguage(prefix) ? prefix : undefined;
}

/** The first of the browser's languages that we speak, else English. */
export function languageOfBrowser(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

function storedLanguage(): Language | undefined {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return isLanguage(stored) ? stored : undefined;
  } catch {
    return undefined; // storage blocked: the browser's language decides
  }
}

/** The language of this page: its address, then the device's choice, then the browser. */
export function detectLanguage(pathname: string): Language {
  if (typeof window === 'undefined') return languageOfPath(pathname) ?? DEFAULT_LANGUAGE;
  return languageOfPath(pathname) ?? storedLanguage() ?? languageOfBrowser(navigator.languages ?? []);
}

/** Remembers a choice on this device, for the app and for the server's answer to `/`. */
export function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // storage blocked: the cookie still carries it
  }
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
