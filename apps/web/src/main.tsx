import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { pageNamespaces, preloadPage } from '@/app/router';
import { tokenStorage } from '@/lib/token-storage';
import { pagePrerendered } from '@/lib/prerendered';
import { activateLanguage, detectLanguage, publicPageLanguage } from '@/lib/i18n';
import { reloadOnNewBuild } from '@/lib/stale-build';
import './index.css';

reloadOnNewBuild();

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// A public page pre-rendered for visitors is hydrated; a signed-in user gets their own page instead
// (docs/architecture.md §1, What loads first).
// The page's language and the catalogues it needs come first (docs/architecture.md, Languages): a
// public page's is its address's, as pre-rendered, so hydration matches; elsewhere the device's choice.
const { pathname } = window.location;
const language = activateLanguage(publicPageLanguage(pathname) ?? detectLanguage(pathname), pageNamespaces(pathname));
if (pagePrerendered && !tokenStorage.hasToken()) {
  // A chunk that fails to load is fetched again when rendered: hydrate regardless.
  // In a transition, hydration yields to the browser every few milliseconds instead of one long task.
  void Promise.all([language, preloadPage(pathname)]).finally(() => startTransition(() => void hydrateRoot(root, app)));
} else {
  // A page's first Intl.NumberFormat costs a phone 50-200 ms (the browser loads its number data once),
  // and a signed-in first screen formats numbers (every plural does): made now, while the catalogues
  // are on their way, it no longer lengthens the render that shows the screen (docs/architecture.md
  // §1, What loads first).
  new Intl.NumberFormat().format(0);
  void language.finally(() => {
    root.replaceChildren();
    createRoot(root).render(app);
  });
}
