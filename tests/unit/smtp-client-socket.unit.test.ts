import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { socketsWithoutDelay } from "@/server/outbound/smtp-client-socket";

// A real SMTP server on loopback: the sockets must carry whole SMTP conversations, not just connect.
let server: SMTPServer;
let port: number;
const received: string[] = [];

/** An SMTP server that keeps every message it takes in `received`. */
const capturingServer = () =>
  new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push(Buffer.concat(chunks).toString());
        callback();
      });
    },
  });

beforeAll(async () => {
  server = capturingServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.server.address() as net.AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(resolve)));

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const free = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return free;
}

describe("socketsWithoutDelay", () => {
  it("carries a pooled transport's messages over the transport's own host and port", async () => {
    const transport = nodemailer.createTransport({
      host: "127.0.0.1",
      port,
      pool: true,
      maxConnections: 1,
      ignoreTLS: true,
      getSocket: socketsWithoutDelay(2_000),
    } as never);
    await Promise.all(
      [1, 2, 3].map((n) => transport.sendMail({ from: "a@example.org", to: "b@example.org", subject: `pooled ${n}`, text: "hi" })),
    );
    transport.close();
    expect(received.filter((message) => /Subject: pooled \d/.test(message))).toHaveLength(3);
  });

  it("connects where the target function says, not to the transport's host", async () => {
    const transport = nodemailer.createTransport({
      host: "relay.invalid",
      port: 1,
      ignoreTLS: true,
      getSocket: socketsWithoutDelay(2_000, async () => ({ host: "127.0.0.1", port })),
    } as never);
    await transport.sendMail({ from: "a@example.org", to: "b@example.org", subject: "checked address", text: "hi" });
    expect(received.some((message) => message.includes("Subject: checked address"))).toBe(true);
  });

  it("carries a pool's messages over a unix-domain socket (the child Postfix's hand-off), and names a socket it may not reach", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "ces-socket-"));
    const socketPath = path.join(dir, "handoff");
    const local = capturingServer();
    await new Promise<void>((resolve) => local.server.listen(socketPath, resolve));
    try {
      const transport = nodemailer.createTransport({
        host: "localhost",
        pool: true,
        maxConnections: 1,
        ignoreTLS: true,
        getSocket: socketsWithoutDelay(2_000, async () => ({ path: socketPath })),
      } as never);
      await Promise.all(
        [1, 2].map((n) => transport.sendMail({ from: "a@example.org", to: "b@example.org", subject: `unix ${n}`, text: "hi" })),
      );
      transport.close();
      expect(received.filter((message) => /Subject: unix \d/.test(message))).toHaveLength(2);
      const missing = nodemailer.createTransport({
        host: "localhost",
        ignoreTLS: true,
        getSocket: socketsWithoutDelay(2_000, async () => ({ path: path.join(dir, "none") })),
      } as never);
      await expect(missing.sendMail({ from: "a@example.org", to: "b@example.org", text: "x" })).rejects.toMatchObject({
        code: "ESOCKET",
        message: expect.stringContaining("ENOENT"),
      });
    } finally {
      await new Promise<void>((resolve) => local.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("passes a refused connection to nodemailer as a socket error, naming the refusal (as nodemailer's own connections do)", async () => {
    const transport = nodemailer.createTransport({
      host: "127.0.0.1",
      port: await closedPort(),
      ignoreTLS: true,
      getSocket: socketsWithoutDelay(2_000),
    } as never);
    await expect(transport.sendMail({ from: "a@example.org", to: "b@example.org", text: "x" })).rejects.toMatchObject({
      code: "ESOCKET",
      message: expect.stringContaining("ECONNREFUSED"),
    });
  });

  it("a pool whose server was down sends again once it is back: the failed connects free their slots", async () => {
    const downPort = await closedPort();
    const transport = nodemailer.createTransport({
      host: "127.0.0.1",
      port: downPort,
      pool: true,
      maxConnections: 2,
      ignoreTLS: true,
      getSocket: socketsWithoutDelay(2_000),
    } as never);
    const send = (subject: string) => transport.sendMail({ from: "a@example.org", to: "b@example.org", subject, text: "hi" });
    // More failed connects than the pool has connections.
    const down = await Promise.allSettled([1, 2, 3, 4, 5].map((n) => send(`while down ${n}`)));
    expect(down.map((outcome) => outcome.status)).toEqual(Array(5).fill("rejected"));
    expect((down[0] as PromiseRejectedResult).reason).toMatchObject({ message: expect.stringContaining("ECONNREFUSED") });
    const back = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, _session, callback) {
        stream.resume();
        stream.on("end", () => callback());
      },
    });
    await new Promise<void>((resolve) => back.listen(downPort, "127.0.0.1", resolve));
    try {
      const sent = await Promise.all([1, 2, 3].map((n) => send(`back ${n}`)));
      expect(sent.map((info) => info.accepted)).toEqual([["b@example.org"], ["b@example.org"], ["b@example.org"]]);
    } finally {
      transport.close();
      await new Promise<void>((resolve) => back.close(resolve));
    }
  }, 15_000);
});
