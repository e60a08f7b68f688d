/**
 * A page of a list with the count of every row its filter matches, the statement carrying the count on each row it
 * reads (`count(*) OVER ()`: the page and its count in one statement, docs/architecture.md §15). A page past the end
 * has no row to carry it: the first row is read for it then, one more statement in that case only, so that an answer
 * past the end still says how many there are and the console can go back to the last page.
 */
export async function readPageWithTotal<Row>(
  read: (offset: number, limit: number) => Promise<Row[]>,
  offset: number,
  limit: number,
  /** The count the rows carry; undefined when none does. */
  totalOf: (rows: Row[]) => number | undefined,
): Promise<{ rows: Row[]; total: number }> {
  const rows = await read(offset, limit);
  const carried = totalOf(rows);
  if (carried !== undefined || offset === 0) return { rows, total: carried ?? 0 };
  return { rows, total: totalOf(await read(0, 1)) ?? 0 };
}
