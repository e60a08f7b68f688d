/**
 * A page of a staff list with the count of every row its filter matches, the statement carrying the count on each row
 * it reads (`count(*) OVER ()`: the page and its count in one statement, docs/architecture.md §15). A page past the end
 * has no row to carry it, and an empty page that still counted the matches would tell a navigator, unaudited, that a
 * patient's search matched (docs/architecture.md §9): the last page is read and answered in its place, so whatever the
 * answer tells of is on rows it shows, and audits. Two more statements, in that case only.
 */
export async function readPageInRange<Page>(
  read: (offset: number, limit: number) => Promise<Page>,
  page: number,
  limit: number,
  /** The count the page carries; undefined when it has no row to carry it. */
  totalOf: (page: Page) => number | undefined,
): Promise<{ read: Page; page: number; total: number }> {
  const asked = await read((page - 1) * limit, limit);
  const carried = totalOf(asked);
  if (carried !== undefined || page === 1) return { read: asked, page, total: carried ?? 0 };
  const total = totalOf(await read(0, 1)) ?? 0;
  if (total === 0) return { read: asked, page: 1, total: 0 };
  const last = Math.ceil(total / limit);
  const lastPage = await read((last - 1) * limit, limit);
  return { read: lastPage, page: last, total: totalOf(lastPage) ?? 0 };
}
