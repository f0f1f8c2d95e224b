// The e2e server's dev mailbox: without EMAIL_TRANSPORT it writes every email
// as <id>.json (and .eml) under DATA_DIR/mail, delivered by the job worker a
// moment after the request that queued it. Specs read those files directly.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export type SentEmail = {
  id: string;
  sentAt: string;
  to: string;
  from: string;
  subject: string;
  template: string;
  html: string;
  text: string;
};

function mailDirectory(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (playwright.config.ts sets it)");
  return path.join(dataDir, "mail");
}

/** Every email to `address` so far, oldest first. */
export function emailsTo(address: string): SentEmail[] {
  let files: string[];
  try {
    files = readdirSync(mailDirectory());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return []; // nothing sent yet
    throw error;
  }
  return files
    .filter((file) => file.endsWith(".json"))
    .sort()
    .flatMap((file) => {
      try {
        return [JSON.parse(readFileSync(path.join(mailDirectory(), file), "utf8")) as SentEmail];
      } catch {
        return []; // still being written: read on the next poll
      }
    })
    .filter((email) => email.to.toLowerCase() === address.toLowerCase());
}

/** Waits for the `count`-th email to `address` (1 = the first ever). */
export async function waitForEmail(address: string, options: { count?: number; timeoutMs?: number } = {}): Promise<SentEmail> {
  const count = options.count ?? 1;
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  for (;;) {
    const received = emailsTo(address);
    if (received.length >= count) return received[count - 1]!;
    if (Date.now() > deadline) throw new Error(`no email #${count} to ${address} within the timeout (got ${received.length})`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** Waits long enough for the job worker to have delivered anything queued, then counts. */
export async function emailCountAfterDelivery(address: string, waitMs = 4_000): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, waitMs));
  return emailsTo(address).length;
}

export function codeIn(email: SentEmail): string {
  const code = /\b(\d{6})\b/.exec(email.text)?.[1];
  if (!code) throw new Error(`no 6-digit code in "${email.subject}"`);
  return code;
}

export function magicLinkIn(email: SentEmail): string {
  const link = /(https?:\/\/\S+\/auth\/magic-link\?token=[\w%-]+)/.exec(email.text)?.[1];
  if (!link) throw new Error(`no sign-in link in "${email.subject}"`);
  return link;
}
