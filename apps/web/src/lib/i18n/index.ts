// The web app's languages (docs/architecture.md, Languages). Components translate with Lingui's
// `useLingui()` (its `_` takes a key such as common.notFound.title and values) or Lingui's `Trans`
// component with an id and components.
export {
  i18n,
  activateLanguage,
  loadCatalogs,
  withCatalogs,
  intlLocale,
  isLoaded,
  hasCatalog,
  type Namespace,
} from './catalogs';
export { useCatalogs } from './use-catalogs';
export {
  LANGUAGES,
  LANGUAGE_NAME,
  DEFAULT_LANGUAGE,
  detectLanguage,
  languageOfPath,
  languageOfBrowser,
  rememberLanguage,
  isLanguage,
  type Language,
} from './language';
export { useLanguage } from './use-language';
export { PUBLIC_PAGES, isPublicPage, pageOfPath, publicPageLanguage, localizedPath } from './public-pages';
