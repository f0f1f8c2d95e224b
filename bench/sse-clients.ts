// Server-Sent Events clients for bench:events: each follows an account's
// feed from a cursor and only counts what arrives (with the arrival time of
// each event id), so hundreds of them cost the bench process little.
import http from "node:http";

export type SseClient = {
  /** Events received so far. */
  count: () => number;
  /** With `trackBounces`: when the `message.bounced` event of each recipient arrived (ms since epoch). */
  arrivals: Map<string, number>;
  close: () => void;
};

/**
 * Opens one stream at `baseUrl` after `cursor`; resolves once the server answered 200.
 * With `trackBounces`, the `data:` of each event is parsed and bounces' arrivals are kept by recipient.
 */
export function openSseClient(baseUrl: string, token: string, cursor: string, trackBounces = false): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    let received = 0;
    let tail = "";
    const arrivals = new Map<string, number>();
    const request = http.get(
      `${baseUrl}/api/v1/events/stream`,
      { agent: false, headers: { authorization: `Bearer ${token}`, "last-event-id": cursor } },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(new Error(`stream answered ${response.statusCode}`));
          return;
        }
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          const text = tail + chunk;
          const end = text.lastIndexOf("\n\n");
          if (end < 0) {
            tail = text;
            return;
          }
          tail = text.slice(end + 2);
          for (const block of text.slice(0, end).split("\n\n")) {
            const data = block.split("\n").find((line) => line.startsWith("data: "));
            if (!data) continue;
            received++;
            if (trackBounces) {
              const event = JSON.parse(data.slice(6)) as { type: string; detail: { recipient?: string } };
              if (event.type === "message.bounced" && event.detail.recipient) arrivals.set(event.detail.recipient, Date.now());
            }
          }
        });
        resolve({ count: () => received, arrivals, close: () => request.destroy() });
      },
    );
    request.on("error", (error) => {
      if (received === 0) reject(error);
    });
  });
}
