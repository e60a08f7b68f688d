// docs/product.md: an unlock lasts 24 hours, then the gate closes again.
const KEY = 'maintenanceUnlockedUntil';
export const UNLOCK_DURATION_MS = 24 * 60 * 60 * 1000;

export function isUnlocked(now = Date.now()): boolean {
  if (typeof localStorage === 'undefined') return false; // pre-rendering at build time
  const until = Number(localStorage.getItem(KEY));
  if (Number.isFinite(until) && until > now) return true;
  localStorage.removeItem(KEY);
  return false;
}

export function rememberUnlock(now = Date.now()) {
  localStorage.setItem(KEY, String(now + UNLOCK_DURATION_MS));
}
