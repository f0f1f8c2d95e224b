// What bench:send compares the app with, measured in the same run: one core's
// RSA-2048 signatures a second and a pooled nodemailer → sink loop with DKIM;
// plus the small statistics helpers the report uses.
import { generateKeyPairSync, sign } from "node:crypto";
import nodemailer from "nodemailer";
import { socketsWithoutDelay } from "@/server/outbound/smtp-client-socket";

export const round = (value: number) => Math.round(value);
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

/** Runs `count` tasks with at most `concurrency` at once. */
export async function pool<T>(count: number, concurrency: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const index = next++;
        results[index] = await task(index);
      }
    }),
  );
  return results;
}

export function rsaSignaturesPerSecond(): number {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const data = Buffer.alloc(64, 1);
  const start = performance.now();
  let count = 0;
  while (performance.now() - start < 2_000) {
    sign("sha256", data, privateKey);
    count += 1;
  }
  return count / ((performance.now() - start) / 1000);
}

export async function pooledHandOffRate(sink: { host: string; port: number }, count: number, html: string): Promise<number> {
  const { privateKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  });
  const transporter = nodemailer.createTransport({
    pool: true,
    maxConnections: 8,
    maxMessages: 1000,
    host: sink.host,
    port: sink.port,
    secure: false,
    ignoreTLS: true,
    dkim: { domainName: "bench.example", keySelector: "bench", privateKey },
    // Nagle off, as the service's own hand-offs (server/outbound/smtp-client-socket.ts).
    getSocket: socketsWithoutDelay(5_000),
  } as never);
  const start = performance.now();
  await pool(count, 64, (index) =>
    transporter.sendMail({
      from: "news@bench.example",
      to: `r${index}@example.org`,
      subject: `Loop ${index}`,
      html,
      headers: { "X-CES-Message-ID": `loop_${index}` },
    }),
  );
  const rate = count / ((performance.now() - start) / 1000);
  transporter.close();
  return rate;
}
