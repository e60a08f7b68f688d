import { useSyncExternalStore } from 'react';
import { onSessionEnd } from '@/lib/auth/session-memory';

let search = '';
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/**
 * The work queue's search words (a patient's name, email, a medication: health data), in memory only and never in
 * the address (docs/architecture.md §13), so neither the browser's history nor a proxy's log keeps them. They outlive
 * the page while the console is open (a record opened from the queue, then Back, finds the same search) and go when
 * the session ends or the tab closes.
 */
export const workQueueSearch = {
  get: () => search,
  set(next: string) {
    if (next === search) return;
    search = next;
    for (const listener of listeners) listener();
  },
};

onSessionEnd(() => workQueueSearch.set(''));

export function useWorkQueueSearch(): string {
  return useSyncExternalStore(subscribe, workQueueSearch.get, () => '');
}
