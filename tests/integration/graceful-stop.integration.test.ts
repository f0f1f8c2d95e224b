// Stopping `npm start` (the launcher, as test-server.ts starts it): SIGTERM or
// SIGINT lets a request already in flight finish with a whole answer, then
// every process exits 0. A launcher of its own (embedded database), so
// stopping it disturbs no other test.
import { readFileSync } from "node:fs";
import net from "node:net";
import { describe, expect, it } from "vitest";
import { startTestServer } from "../support/test-server";

/** Opens a raw connection and sends a login request whose body is only half there, so the request stays in flight. */
async function startSlowRequest(baseUrl: string) {
  const { hostname, port } = new URL(baseUrl);
  const body = JSON.stringify({ email: "nobody@example.test", password: "not-the-password-1234" });
  const socket = net.connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  let answer = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => (answer += chunk));
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  const half = Math.floor(body.length / 2);
  socket.write(
    `POST /api/v1/auth/login HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: keep-alive\r\n\r\n${body.slice(0, half)}`,
  );
  return {
    finish: () => socket.write(body.slice(half)),
    answer: async () => {
      await closed;
      return answer;
    },
  };
}

describe("stopping the launcher", () => {
  it.each(["SIGTERM", "SIGINT"] as const)(
    "on %s finishes the request in flight, then every process exits 0",
    async (signal) => {
      const server = await startTestServer({ label: `stopping-${signal.toLowerCase()}` });
      const request = await startSlowRequest(server.baseUrl);
      await new Promise((resolve) => setTimeout(resolve, 500)); // the request has reached the app
      process.kill(server.pid, signal);
      await new Promise((resolve) => setTimeout(resolve, 1_500)); // the stop is under way
      request.finish();

      const answer = await request.answer();
      expect(answer).toMatch(/^HTTP\/1\.1 401 /);
      expect(answer).toContain('"code":"invalid_credentials"');
      // The server let the client know the connection ends with this answer.
      expect(answer.toLowerCase()).toContain("connection: close");

      const code = await Promise.race([server.exited, new Promise((resolve) => setTimeout(() => resolve("still running"), 40_000))]);
      expect(code).toBe(0);
      const log = readFileSync(server.logFile, "utf8");
      expect(log).toContain(`${signal}: finishing requests and jobs in flight, then stopping`);
      expect(log).toContain("stopped");
      await server.stop();
    },
    120_000,
  );
});
