import { useEffect } from 'react';
import { useRuntimeConfig } from '@/lib/runtime-config';
import { useLocation } from '@/lib/router';
import { tokenStorage } from '@/lib/token-storage';
import { isPublicPage } from '@/lib/i18n';

/**
 * Loads the third-party live chat script named by the runtime setting, on the public pages of a
 * visitor only: never where a patient's or staff's data is shown (docs/product.md §9 Chat widget).
 * `/` is the dashboard once signed in, so a stored session counts as not public. Without a setting,
 * nothing loads.
 */
export function ChatWidget() {
  const { chatWidgetSrc } = useRuntimeConfig();
  const { pathname } = useLocation();
  // The pages with no one's data on them, in either language (the sign-in dialogs open over the landing page).
  const allowed = isPublicPage(pathname) && !tokenStorage.hasToken();
  useEffect(() => {
    const loaded = document.querySelector('script[data-chat-widget]');
    if (!allowed) {
      // A script that ran stays in the page whatever is removed: a page with someone's data is
      // loaded afresh, without it (the stored session keeps the user signed in).
      if (loaded) window.location.reload();
      return;
    }
    if (!chatWidgetSrc || loaded) return;
    const script = document.createElement('script');
    script.src = chatWidgetSrc;
    script.async = true;
    script.dataset.chatWidget = 'true';
    document.body.appendChild(script);
  }, [chatWidgetSrc, allowed]);
  return null;
}
