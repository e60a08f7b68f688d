import { i18n, type Messages } from '@lingui/core';
import { LOCALES } from '@rxbridge/domain';
import type { Language } from './language';

/**
 * Every catalogue, fetched only when a page needs it: `src/locales/<language>/<namespace>.json`,
 * compiled at build time by Lingui's Vite plugin (lingui.config.ts).
 */
const CATALOGS = import.meta.glob<Messages>('../../locales/*/*.json', { query: '?lingui', import: 'messages' });

/** A namespace is the name of a catalogue file: 'common', 'landing', 'dashboard'... */
export type Namespace = string;

const loaded = new Set<Namespace>();
/**
 * Namespaces on their way: a switch of language meanwhile fetches them in the new language too (the
 * dashboard's come while a stored session's profile is checked, and the profile may name another language).
 */
const pending = new Set<Namespace>();
/** The language being activated, else the active one: a page's catalogues fetched meanwhile come in it. */
let target: Language | undefined;

function catalogPath(language: Language, namespace: Namespace) {
  return `../../locales/${language}/${namespace}.json`;
}

async function loadInto(language: Language, namespaces: Iterable<Namespace>) {
  const files = await Promise.all(
    [...namespaces].map((namespace) => {
      const load = CATALOGS[catalogPath(language, namespace)];
      if (!load) throw new Error(`No catalogue ${language}/${namespace}.json`);
      return load();
    }),
  );
  for (const messages of files) i18n.load(language, messages);
}

/** True when `namespace` has catalogues (src/locales/en/<namespace>.json, the source, and its twins). */
export const hasCatalog = (namespace: Namespace): boolean => catalogPath('en', namespace) in CATALOGS;

/** True once `namespace` is loaded (in the active language: a switch reloads every loaded one first). */
export const isLoaded = (namespace: Namespace): boolean => loaded.has(namespace);

/** Loads a page's namespaces in the active language (main.tsx activates one before the first render). */
export async function loadCatalogs(namespaces: readonly Namespace[]): Promise<void> {
  const missing = namespaces.filter((namespace) => !loaded.has(namespace));
  if (missing.length === 0) return;
  missing.forEach((namespace) => pending.add(namespace));
  try {
    await loadInto(target ?? ((i18n.locale || 'en') as Language), missing);
  } finally {
    missing.forEach((namespace) => pending.delete(namespace));
  }
  missing.forEach((namespace) => loaded.add(namespace));
}

/**
 * A lazy page's code together with its catalogues, so the page renders in its language at once:
 * `preloadableLazy(withCatalogs(['diy-guide'], () => import('...')))`.
 */
export function withCatalogs<T>(namespaces: readonly Namespace[], load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadCatalogs(namespaces)]).then(([module]) => module);
}

/** Switches the app to `language`: every namespace already in use is fetched in it first. */
export async function activateLanguage(language: Language, namespaces: readonly Namespace[] = []): Promise<void> {
  target = language;
  namespaces.forEach((namespace) => loaded.add(namespace));
  await loadInto(language, new Set([...loaded, ...pending]));
  i18n.activate(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** The `Intl` locale of the active language, for dates, money and numbers. */
export const intlLocale = (): string => LOCALES[(i18n.locale || 'en') as Language] ?? LOCALES.en;

export { i18n };
