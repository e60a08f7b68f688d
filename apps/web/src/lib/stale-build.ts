// After a deployment, a tab opened before it asks for code files the new build no longer has (their
// names carry a hash of their content), and behind a load balancer during a rolling deployment a page
// of one build may ask a server of the other. Vite reports such a failed import as `vite:preloadError`;
// the page is loaded again, which brings the build being served (docs/architecture.md §1, A new build
// while a tab is open).

const KEY = 'rxbridge.reloadedForNewBuild';
/** At most one reload a minute: a file missing from the new build too shows the error page, not a loop. */
const MIN_GAP_MS = 60_000;

let reloading = false;

/** Whether the page is being loaded again for a new build: the error page waits for it instead. */
export const reloadingForNewBuild = () => reloading;

function lastReload(): number | null {
  try {
    return Number(window.sessionStorage.getItem(KEY) ?? 0);
  } catch {
    return null;
  }
}

export function reloadOnNewBuild(): void {
  window.addEventListener('vite:preloadError', () => {
    const last = lastReload();
    // No session storage (a private window that refuses it): no way to tell a loop, so no reload.
    if (last === null || Date.now() - last < MIN_GAP_MS) return;
    try {
      window.sessionStorage.setItem(KEY, String(Date.now()));
    } catch {
      return;
    }
    reloading = true;
    window.location.reload();
  });
}
