/** Drops ?bypass=... from the address bar so the code is not left in history or shared links. */
export function stripBypassParam() {
  const url = new URL(window.location.href);
  if (!url.searchParams.has('bypass')) return;
  url.searchParams.delete('bypass');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/** The bypass code the visitor arrived with (?bypass=...), if any. */
export const bypassParam = () => new URLSearchParams(window.location.search).get('bypass');
