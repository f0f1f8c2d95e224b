// `/api/v1/sending/topics/` is `/api/v1/sending/topics`: an API path that ends
// in a slash (an id that normalised away, such as "."; a client that appends
// one) is answered by the API itself, with its envelope, instead of Next.js's
// 308 redirect, whose body is not JSON and which many HTTP clients do not
// follow for a POST or PATCH.
export function withoutApiTrailingSlash(url: string): string {
  const query = url.indexOf("?");
  const path = query === -1 ? url : url.slice(0, query);
  if (!path.startsWith("/api/") || !path.endsWith("/")) return url;
  return `${path.replace(/\/+$/, "")}${query === -1 ? "" : url.slice(query)}`;
}
