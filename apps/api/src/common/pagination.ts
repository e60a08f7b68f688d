import type { Pagination } from '@rxbridge/contracts';

/** The pagination block of every paged answer; totalPages is 0 for an empty list. */
export function paginate(page: number, limit: number, totalCount: number): Pagination {
  const totalPages = Math.ceil(totalCount / limit);
  return { currentPage: page, totalPages, totalCount, hasPrevPage: page > 1, hasNextPage: page < totalPages };
}

/** An ILIKE pattern for "contains": % and _ typed by a person match themselves (backslash is PostgreSQL's default escape). */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * The navigators' search (docs/product.md §8): each word typed, as a "contains" pattern; a row matches when every
 * word is found in one of its fields, in any order and without accents (the repositories compare `unaccent`ed).
 */
export const wordPatterns = (text: string): string[] =>
  text.split(/\s+/).filter(Boolean).slice(0, 8).map(containsPattern);
