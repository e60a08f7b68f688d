import { useRef, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Pagination } from './pagination';
import { Spinner } from './spinner';

/** A page of a list as the API answers it. */
interface Paged {
  pagination: { totalPages: number };
}

/**
 * The states of a list read a page at a time, in one place for every such list: the read's failure, its loading,
 * its empty text, its rows and its pager. The empty text waits for the list's own answer for this page (a previous
 * page or filter's rows, kept on screen meanwhile, say nothing of it) and for a page in range (a page emptied by
 * the last row leaving goes back to the last one with rows, useKeepPageInRange); a failed read says so above the rows
 * it last read, which stay.
 */
export function PagedList<T extends Paged>({
  query,
  rows,
  page,
  onPageChange,
  pagesLabel,
  loadingLabel,
  failure,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  /** The rows of an answer. */
  rows(data: T): readonly unknown[];
  page: number;
  onPageChange(page: number): void;
  /** The pager's name for screen readers ("Audit log pages"). */
  pagesLabel: string;
  loadingLabel: string;
  failure(error: Error): ReactNode;
  /** Said when this page of the list, as answered, has no rows. */
  empty: ReactNode;
  children(data: T): ReactNode;
}) {
  const { error } = query;
  const data = useLastRead(query);
  const answered = query.isPlaceholderData || !query.data ? undefined : data;
  const totalPages = data?.pagination.totalPages ?? 1;
  return (
    <>
      {error && <div className="mt-4">{failure(error)}</div>}
      {query.isPending && <Spinner className="flex justify-center py-8" label={loadingLabel} />}
      {answered && rows(answered).length === 0 && page <= Math.max(1, totalPages) && (
        <p className="mt-4 text-sm text-slate-600">{empty}</p>
      )}
      {data && rows(data).length > 0 && children(data)}
      {data && (
        <Pagination
          className="mt-4"
          label={pagesLabel}
          page={page}
          totalPages={totalPages}
          onPageChange={onPageChange}
        />
      )}
    </>
  );
}

/**
 * The answer a paged list shows: the query's own or, while it is placeholder, the previous page's; and once a read
 * fails (the query then has no data at all, keepPreviousData keeps only while loading), the last answer read, so its
 * rows and pager stay under the failure (docs/product.md §8, Paged lists).
 */
export function useLastRead<T>(query: UseQueryResult<T>): T | undefined {
  const last = useRef<T | undefined>(undefined);
  if (query.data !== undefined) last.current = query.data;
  return query.data ?? (query.isError ? last.current : undefined);
}
