// SMTP submission's accept rate: messages a second handed to the app's
// STARTTLS listener by nodemailer over a pool of N reused connections (Nagle
// off), each acknowledged with "250 2.0.0 Ok: queued as <id>" (stored and queued, the
// same work as POST /sending/messages). Delivery is measured elsewhere.
import { readFileSync } from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import { socketsWithoutDelay } from "@/server/outbound/smtp-client-socket";

type Submission = { port: number; dataDir: string; key: string; from: string; html: string };

export async function submissionRate({ port, dataDir, key, from, html }: Submission, connections: number, count: number): Promise<number> {
  const transport = nodemailer.createTransport({
    host: "127.0.0.1",
    port,
    requireTLS: true,
    pool: true,
    maxConnections: connections,
    maxMessages: Number.POSITIVE_INFINITY,
    auth: { user: "apikey", pass: key },
    tls: { ca: readFileSync(path.join(dataDir, "mail-tls", "localhost.crt")), servername: "localhost" },
    // Nagle off, as our own clients run (server/outbound/smtp-client-socket.ts): with it on, nodemailer's
    // separate write of the closing dot waits out the server's delayed ACK and every client measures ~40 ms a message.
    getSocket: socketsWithoutDelay(5_000),
  } as never);
  const started = performance.now();
  const sends = Array.from({ length: count }, (_, index) =>
    transport.sendMail({ from, to: `smtp-reader${index}@example.org`, subject: `Over SMTP ${connections} ${index}`, html }),
  );
  const answers = await Promise.allSettled(sends);
  const seconds = (performance.now() - started) / 1000;
  transport.close();
  const accepted = answers.filter((answer) => answer.status === "fulfilled" && /queued as msg_/.test(answer.value.response)).length;
  // A machine shared with other work can run out of database connections: refusals are reported, not hidden in the rate.
  if (accepted === 0) throw new Error(`SMTP submission accepted none of ${count}`);
  if (accepted !== count) console.warn(`SMTP submission accepted ${accepted} of ${count}; the rate counts accepted messages only`);
  return accepted / seconds;
}
