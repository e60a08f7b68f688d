/**
 * The SQL condition of the navigators' searches (docs/product.md §8): every pattern of the array parameter `words`
 * (one "contains" pattern per word typed) is found in at least one of `fields`, compared without accents and case,
 * so "garcia maria" finds María García. `unaccent` is PostgreSQL's (the UnaccentedSearch migration).
 */
export function everyWordIn(fields: string[], words: string): string {
  const found = fields.map((field) => `unaccent(${field}) ILIKE unaccent(w)`).join(' OR ');
  return `NOT EXISTS (SELECT 1 FROM unnest(${words}::text[]) w WHERE NOT (${found}))`;
}
