// bench:events' end-to-end latency: messages go out to a loopback SMTP sink
// that keeps each recipient's return path (VERP); then, one at a time, a
// bounce DSN for each is handed to the app's MX, and the time until its
// `message.bounced` reaches an SSE client following the feed is measured.
import nodemailer from "nodemailer";
import { SMTPServer } from "smtp-server";
import { inboundFixture } from "../tests/support/inbound-fixtures";
import type { TestServer } from "../tests/support/test-server";
import { feedEnd } from "./feed-end";
import { post } from "./send-app";
import { openSseClient } from "./sse-clients";

/** The SMTP server messages are handed off to: recipient → the envelope sender it came with. */
export async function startReturnPathSink() {
  const returnPaths = new Map<string, string>();
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, done) {
      stream.on("end", () => {
        for (const rcpt of session.envelope.rcptTo)
          returnPaths.set(rcpt.address.toLowerCase(), session.envelope.mailFrom ? session.envelope.mailFrom.address : "");
        done();
      });
      stream.resume();
    },
  });
  const sinkPort = await new Promise<number>((resolve) =>
    sink.listen(0, "127.0.0.1", () => resolve((sink.server.address() as { port: number }).port)),
  );
  return { sink, sinkPort, returnPaths };
}

async function waitFor(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return true;
}

export async function measureDsnLatency(options: {
  server: TestServer;
  key: string;
  accessToken: string;
  mxPort: number;
  returnPaths: Map<string, string>;
  count: number;
}) {
  const { server, key, accessToken, mxPort, returnPaths, count } = options;
  const domain = "news.bench.example";
  const recipients = Array.from({ length: count }, (_, index) => `gone${index}.${Date.now().toString(36)}@example.org`);
  for (const recipient of recipients)
    await post(server.baseUrl, "/sending/messages", key, {
      from: `News <news@${domain}>`,
      to: recipient,
      subject: "Bounce me",
      text: "Hi.",
    });
  if (!(await waitFor(() => recipients.every((recipient) => returnPaths.has(recipient)), 120_000)))
    throw new Error("not every message reached the sink within 120 s");

  const follower = await openSseClient(server.baseUrl, accessToken, await feedEnd(server.baseUrl, accessToken), true);
  const mx = nodemailer.createTransport({ host: "127.0.0.1", port: mxPort, secure: false, ignoreTLS: true });
  const samples: number[] = [];
  let missing = 0;
  try {
    for (const recipient of recipients) {
      const verp = returnPaths.get(recipient)!;
      const raw = inboundFixture("postfix-hard", { verp, recipient, domain });
      const handedAt = Date.now();
      await mx.sendMail({ envelope: { from: "", to: [verp] }, raw });
      if (await waitFor(() => follower.arrivals.has(recipient), 10_000)) samples.push(follower.arrivals.get(recipient)! - handedAt);
      else missing++;
    }
  } finally {
    mx.close();
    follower.close();
  }
  return { samples, missing };
}
