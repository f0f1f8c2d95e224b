/** The API's data for a page and when it was read (epoch ms): read on the server while the page renders, seeded into the browser's query cache. */
export type ServerRead<T> = { data: T; readAt: number };
