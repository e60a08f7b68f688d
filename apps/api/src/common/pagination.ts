import type { Pagination } from '@rxbridge/contracts';

/** The pagination block of every paged answer; totalPages is 0 for an empty list. */
export function paginate(page: number, limit: number, totalCount: number): Pagination {
  const totalPages = Math.ceil(totalCount / limit);
  return { currentPage: page, totalPages, totalCount, hasPrevPage: page > 1, hasNextPage: page < totalPages };
}

/** An ILIKE pattern for "contains": % and _ typed by a person match themselves (backslash is PostgreSQL's default escape). */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;
