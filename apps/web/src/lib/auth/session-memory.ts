/**
 * What the app keeps in memory for the signed-in person alone, never in storage (it may be health data,
 * e.g. a prescription typed and not saved yet): each keeper registers how to forget it, and the auth
 * provider forgets it all when the session ends (a logout, an idle sign-out, a 401).
 */
const forgetters = new Set<() => void>();

/** `forget` runs whenever a session ends; the answer unregisters it. */
export function onSessionEnd(forget: () => void): () => void {
  forgetters.add(forget);
  return () => forgetters.delete(forget);
}

export function forgetSessionMemory(): void {
  for (const forget of forgetters) forget();
}
