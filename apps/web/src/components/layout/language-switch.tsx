import type { MouseEvent } from 'react';
import { useLocation, useNavigate } from '@/lib/router';
import { isPublicPage, localizedPath, useLanguage, LANGUAGE_NAME, type Language } from '@/lib/i18n';

/**
 * Hook point for the profile (docs/product.md, Languages): a signed-in patient's choice is also to be
 * saved in their profile once libs/contracts' profile update carries `preferredLanguage`. Until then
 * the device remembers it (localStorage and the rxb_lang cookie, lib/i18n/language.ts).
 */
function saveLanguageToProfile(_language: Language): void {}

/** A click that opens the link elsewhere (new tab, window) is the browser's, not ours. */
const opensElsewhere = (e: MouseEvent) => e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey;

/**
 * The language control of the top bar, the phone menu and the footer (docs/product.md, Languages):
 * "Español" on an English page, "English" on a Spanish one, written and tagged in the language it
 * offers. On a public page it is a link to the same page in the other language (/terms <-> /es/terms);
 * elsewhere it switches the page in place. Either way the device remembers the choice.
 */
export function LanguageSwitch({ className, onSwitch }: { className: string; onSwitch?(): void }) {
  const { language, setLanguage } = useLanguage();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const target: Language = language === 'es' ? 'en' : 'es';
  const choose = async () => {
    await setLanguage(target);
    saveLanguageToProfile(target);
    onSwitch?.();
  };
  if (!isPublicPage(pathname))
    return (
      <button type="button" lang={target} className={className} onClick={() => void choose()}>
        {LANGUAGE_NAME[target]}
      </button>
    );
  const href = `${localizedPath(pathname, target)}${search}${hash}`;
  return (
    <a
      href={href}
      lang={target}
      hrefLang={target}
      className={className}
      onClick={(e) => {
        if (opensElsewhere(e)) return;
        e.preventDefault();
        // The catalogues first, then the address: the page never shows one language at the other's address.
        void choose().then(() => navigate(href));
      }}
    >
      {LANGUAGE_NAME[target]}
    </a>
  );
}
