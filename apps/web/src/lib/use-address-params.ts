import { useCallback, useEffect } from 'react';
import { useSearchParams } from '@/lib/router';

/** Keys to set, or to clear when given as undefined; the address's other keys stay. */
export type AddressChanges = Record<string, string | undefined>;

/**
 * A list's filters and page kept in the address, so Back and a shared link show the same list. `update` sets or
 * clears the keys it is given and keeps the others; a change of filter gives `page: undefined` to start over.
 * `replace: true` makes every change replace the address's entry rather than add one to the history.
 */
export function useAddressParams({ replace }: { replace?: boolean } = {}) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
  const update = useCallback(
    (changes: AddressChanges, options?: { replace?: boolean }) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      }, options ?? { replace }),
    [setParams, replace],
  );
  const setPage = useCallback((p: number) => update({ page: p > 1 ? String(p) : undefined }), [update]);
  return { params, page, update, setPage };
}

/** A list's read as TanStack Query gives it: the pages it has, and whether they are still the previous list's. */
interface PagedRead {
  data?: { pagination: { totalPages: number } };
  isPlaceholderData: boolean;
}

/**
 * A page past the list's last (the list shrank while it was open, an old link) moves to the last page in place of
 * the address, so the page never says "41 awaiting" above an empty table. Only the list's own count decides: the
 * previous list's, shown while the new one loads (keepPreviousData), would rewrite an address Back returned to.
 */
export function useKeepPageInRange(
  page: number,
  list: PagedRead,
  update: (changes: AddressChanges, options?: { replace?: boolean }) => void,
) {
  const totalPages = list.isPlaceholderData ? undefined : list.data?.pagination.totalPages;
  useEffect(() => {
    if (totalPages === undefined || page <= Math.max(1, totalPages)) return;
    update({ page: totalPages > 1 ? String(totalPages) : undefined }, { replace: true });
  }, [page, totalPages, update]);
}
