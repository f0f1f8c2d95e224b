// The SMTP server messages are delivered to in bench:send: it keeps the arrival
// time and the Message-ID of each message, so runs count what arrived, late,
// twice or never.
import { SMTPServer } from "smtp-server";

export type Arrival = { at: number; cesId: string; messageId: string; bytes: number };
export const arrivals: Arrival[] = [];
export const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  size: 30 * 1024 * 1024,
  // `busy…@` plays a recipient whose server asks to come back later (the deferral run of bench/send-postfix.ts).
  onRcptTo(address, _session, done) {
    if (address.address.startsWith("busy")) {
      const refusal = Object.assign(new Error("4.2.1 Mailbox busy, try again later"), { responseCode: 451 });
      done(refusal);
      return;
    }
    done();
  },
  onData(stream, _session, done) {
    let head = "";
    let bytes = 0;
    stream.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
      if (head.length < 16_384) head += chunk.toString("latin1");
    });
    stream.on("end", () => {
      const headers = head.split("\r\n\r\n")[0] ?? "";
      arrivals.push({
        at: Date.now(),
        cesId: /^X-CES-Message-ID:\s*(\S+)/im.exec(headers)?.[1] ?? "",
        messageId: /^Message-ID:\s*(\S+)/im.exec(headers)?.[1] ?? "",
        bytes,
      });
      done();
    });
  },
});

// A killed instance (the crash run) resets its connections mid-message: that message never arrived, nothing more.
sink.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "ECONNRESET") console.error("sink:", error.message);
});

/** On a 127.x address other than 127.0.0.1 when Postfix delivers to it (Postfix counts 127.0.0.1 as itself). */
export async function listen(host = "127.0.0.1"): Promise<number> {
  return new Promise((resolve) => sink.listen(0, host, () => resolve((sink.server.address() as { port: number }).port)));
}

/** The time the last of `ids` (X-CES-Message-ID values) arrived, `copiesEach` copies of each, or null when they did not all arrive in time. */
export async function waitForSink(ids: Set<string>, timeoutMs: number, copiesEach = 1): Promise<number | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const arrived = arrivals.filter((arrival) => ids.has(arrival.cesId));
    const seen = new Set(arrived.map((arrival) => arrival.cesId));
    if (seen.size >= ids.size && arrived.length >= ids.size * copiesEach) return Math.max(...arrived.map((arrival) => arrival.at));
    if (Date.now() > deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
