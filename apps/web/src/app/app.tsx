import { RouterRoot } from '@/lib/router';
import { AppProvider } from './provider';
import { AppRouter } from './router';

/** The whole app; `ssrPath` only when a public page is pre-rendered at build time (src/prerender.tsx). */
export function App({ ssrPath }: { ssrPath?: string }) {
  return (
    <RouterRoot ssrPath={ssrPath}>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </RouterRoot>
  );
}
