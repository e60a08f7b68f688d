import type { MouseEvent, ReactNode } from 'react';
import type { PublicUser } from '@rxbridge/contracts';
import { useLocation, useNavigate } from '@/lib/router';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-provider';
import { isPublicPage, localizedPath, useLanguage, LANGUAGE_NAME, type Language } from '@/lib/i18n';

/**
 * A signed-in patient's choice is kept in their profile too (docs/product.md, Languages), so emails
 * and the API's messages follow it; staff screens stay English, so staff have none to save.
 */
function useSaveLanguageToProfile(): (language: Language) => Promise<void> {
  const { user, updateUser } = useAuth();
  return async (language) => {
    if (user?.role !== 'USER' || user.preferredLanguage === language) return;
    const { data } = await api.put<{ user: PublicUser }>('/users/profile', { preferredLanguage: language });
    if (data?.user) updateUser(data.user);
  };
}

/** A click that opens the link elsewhere (new tab, window) is the browser's, not ours. */
const opensElsewhere = (e: MouseEvent) => e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey;

/**
 * The language control of the top bar, the phone menu and the footer (docs/product.md, Languages):
 * "Español" on an English page, "English" on a Spanish one, written and tagged in the language it
 * offers. On a public page it is a link to the same page in the other language (/terms <-> /es/terms);
 * elsewhere it switches the page in place. Either way the device remembers the choice.
 */
export function LanguageSwitch({
  className,
  icon,
  onSwitch,
}: {
  className: string;
  /** Shown before the name where the controls beside it have icons (the dashboard's bar and menu). */
  icon?: ReactNode;
  onSwitch?(): void;
}) {
  const { language, setLanguage } = useLanguage();
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const saveToProfile = useSaveLanguageToProfile();
  const target: Language = language === 'es' ? 'en' : 'es';
  const choose = async () => {
    await setLanguage(target);
    onSwitch?.();
    // Not waited for: a failed save leaves the device's choice in place.
    void saveToProfile(target).catch(() => undefined);
  };
  if (!isPublicPage(pathname))
    return (
      <button type="button" lang={target} className={className} onClick={() => void choose()}>
        {icon}
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
      {icon}
      {LANGUAGE_NAME[target]}
    </a>
  );
}
