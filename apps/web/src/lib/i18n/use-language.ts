import { useCallback } from 'react';
import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { activateLanguage } from './catalogs';
import { isLanguage, rememberLanguage, DEFAULT_LANGUAGE, type Language } from './language';

/**
 * The active language and the way to change it: the page re-renders in the new one once its catalogues
 * arrive. What the API worded in the old one (eligibility reasons, the pricing breakdown: docs/product.md,
 * Languages) is read again in the new one, shown meanwhile as it was.
 */
export function useLanguage(): { language: Language; setLanguage(language: Language): Promise<void> } {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const setLanguage = useCallback(
    async (language: Language) => {
      const changed = language !== i18n.locale;
      await activateLanguage(language);
      rememberLanguage(language);
      if (changed) void queryClient.invalidateQueries();
    },
    [i18n, queryClient],
  );
  return { language: isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE, setLanguage };
}
