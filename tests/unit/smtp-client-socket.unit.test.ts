import net from "node:net";
import { SMTPServer } from "smtp-server";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { socketsWithoutDelay } from "@/server/outbound/smtp-client-socket";

// A real SMTP server on loopback: the sockets must carry whole SMTP conversations, not just connect.
let server: SMTPServer;
let port: number;
const received: string[] = [];

beforeAll(async () => {
  server = new SMTPServer({
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

  it("passes a refused connection to nodemailer with the socket's own code", async () => {
    const transport = nodemailer.createTransport({
      host: "127.0.0.1",
      port: await closedPort(),
      ignoreTLS: true,
      getSocket: socketsWithoutDelay(2_000),
    } as never);
    await expect(transport.sendMail({ from: "a@example.org", to: "b@example.org", text: "x" })).rejects.toMatchObject({
      code: "ECONNREFUSED",
    });
  });
});
