import { use } from 'react';
import { isLoaded, loadCatalogs, type Namespace } from './catalogs';

const pending = new Map<string, Promise<void>>();

/**
 * Suspends a page that is part of the entry (the landing page) until its catalogues are loaded, when
 * it is reached by a client-side navigation; on a first load main.tsx has loaded them already, so a
 * pre-rendered page hydrates without suspending (docs/architecture.md, Languages).
 */
export function useCatalogs(namespaces: readonly Namespace[]): void {
  const missing = namespaces.filter((namespace) => !isLoaded(namespace));
  if (missing.length === 0) return;
  const key = missing.join(',');
  let loading = pending.get(key);
  if (!loading) {
    loading = loadCatalogs(missing).finally(() => pending.delete(key));
    pending.set(key, loading);
  }
  use(loading);
}
