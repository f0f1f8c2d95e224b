// Server layouts are not told which page they wrap; proxy.ts passes the path
// along in a request header (overwriting anything a client sent), so a
// signed-in layout can send visitors to /sign-in?callbackUrl=<this page>.

export const PAGE_PATH_HEADER = "x-page-path";

/** The page's path and query, without Next's internal router parameter. */
export function pagePathOf(url: URL): string {
  const search = new URLSearchParams(url.search);
  search.delete("_rsc");
  const query = search.toString();
  return `${url.pathname}${query ? `?${query}` : ""}`;
}
