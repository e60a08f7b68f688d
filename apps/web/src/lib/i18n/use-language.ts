import { useCallback } from 'react';
import { useLingui } from '@lingui/react';
import { activateLanguage } from './catalogs';
import { isLanguage, rememberLanguage, DEFAULT_LANGUAGE, type Language } from './language';

/** The active language and the way to change it: the page re-renders in the new one once its catalogues arrive. */
export function useLanguage(): { language: Language; setLanguage(language: Language): Promise<void> } {
  const { i18n } = useLingui();
  const setLanguage = useCallback(async (language: Language) => {
    await activateLanguage(language);
    rememberLanguage(language);
  }, []);
  return { language: isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE, setLanguage };
}
