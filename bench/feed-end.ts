// The cursor at the end of an account's feed (a full read, 500 at a time):
// where a bench's SSE clients start following it live.
export async function feedEnd(baseUrl: string, token: string): Promise<string> {
  let cursor: string | undefined;
  for (let pages = 0; pages < 100; pages++) {
    const url = new URL(`${baseUrl}/api/v1/events`);
    url.searchParams.set("limit", "500");
    if (cursor) url.searchParams.set("after", cursor);
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = (await response.json()) as { data: { items: unknown[]; nextCursor: string } };
    if (response.status !== 200) throw new Error(`GET /events answered ${response.status}`);
    cursor = body.data.nextCursor;
    if (body.data.items.length < 500) return cursor;
  }
  throw new Error("the feed did not end within 100 pages");
}
