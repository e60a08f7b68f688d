import { I18nProvider } from '@lingui/react';
import { RouterRoot } from '@/lib/router';
import { i18n } from '@/lib/i18n';
import { AppProvider } from './provider';
import { AppRouter } from './router';

/** The whole app; `ssrPath` only when a public page is pre-rendered at build time (src/prerender.tsx). */
export function App({ ssrPath }: { ssrPath?: string }) {
  return (
    <I18nProvider i18n={i18n}>
      <RouterRoot ssrPath={ssrPath}>
        <AppProvider>
          <AppRouter />
        </AppProvider>
      </RouterRoot>
    </I18nProvider>
  );
}
