// A mail client submitting over the service's SMTP submission port
// (STARTTLS, trusting the test server's self-signed mail certificate).
import { readFileSync } from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import { inject } from "vitest";

/** `from`: the client's own loopback address, for logins meant to fail (tests/support/client-addresses.ts). */
export function submissionTransport(user: string, pass: string, from?: string) {
  return nodemailer.createTransport({
    host: "127.0.0.1",
    localAddress: from,
    port: inject("submission").port,
    requireTLS: true,
    auth: { user, pass },
    tls: { ca: readFileSync(path.join(inject("serverDataDir"), "mail-tls", "localhost.crt")), servername: "localhost" },
  });
}

/** The message id the submission answered ("… queued as msg_…"). */
export const queuedId = (response: string) => /queued as (\S+)/.exec(response)?.[1];
