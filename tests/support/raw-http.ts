// HTTP written byte by byte to the test server, for what fetch cannot send: a body declared
// longer than what follows, pipelined requests. An answer given before a body was read closes
// the connection (server/runtime/close-unread-requests.ts), and a client still uploading may meet
// that close before it reads the answer; declaring the length without sending it keeps the answer
// readable every time.
import net from "node:net";
import { baseUrl } from "./api-client";

/** Writes raw bytes and collects the answer until the server ends the connection (or the wait runs out). */
export function rawExchange(raw: string, waitMs = 5_000): Promise<{ text: string; closedByServer: boolean }> {
  const url = new URL(baseUrl());
  return new Promise((resolve) => {
    const socket = net.connect(Number(url.port), url.hostname);
    let text = "";
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closedByServer: false });
    }, waitMs);
    socket.on("data", (chunk) => (text += chunk.toString("latin1")));
    socket.on("error", () => undefined);
    socket.on("close", () => {
      clearTimeout(timer);
      resolve({ text, closedByServer: true });
    });
    socket.write(raw);
  });
}
