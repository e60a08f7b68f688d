import { lazy, useEffect, useSyncExternalStore, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * True when this page's HTML was rendered at build time (src/prerender.tsx) and the browser hydrates it:
 * the first render must then match that HTML, so nothing waits for the runtime settings. Also true
 * while pre-rendering itself. The API sends such a page only outside maintenance (docs/architecture.md
 * §1, What loads first).
 */
export const pagePrerendered =
  typeof document === 'undefined' || document.getElementById('root')?.hasAttribute('data-prerendered') === true;

/**
 * Sets data-hydrated on <html> once the page around it is on screen and answers input: until then a
 * pre-rendered page only looks ready. Rendered inside the pages' Suspense boundary, beside them,
 * since React hydrates such a boundary after the shell. The browser tests wait for it after loading
 * a page.
 */
export function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

const never = () => () => {};
/**
 * False while the app hydrates a pre-rendered page (and while pre-rendering), true from the next
 * render on and always on a page rendered in the browser: data that arrived before hydration shows
 * only then, so the first render matches the HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/**
 * React.lazy whose code can be fetched ahead (`preload`). Once fetched, the component renders at
 * once instead of suspending for a tick: React.lazy reads a thenable that resolves synchronously
 * as already loaded. Hydration then never leaves the page behind a boundary waiting for its code,
 * where a tap would be dropped.
 */
export function preloadableLazy<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): LazyExoticComponent<T> & { preload(): Promise<unknown> } {
  let loaded: { default: T } | undefined;
  const preload = () => load().then((module) => (loaded = module));
  const component = lazy(() =>
    loaded
      ? // Resolves inside then(): React marks the component loaded before it would suspend.
        ({ then: (resolve: (module: { default: T }) => void) => resolve(loaded!) } as unknown as Promise<{
          default: T;
        }>)
      : preload().then(() => loaded!),
  );
  return Object.assign(component, { preload });
}
