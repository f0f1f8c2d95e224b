// Reads what the SMTP capture server received for an address.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { inject } from "vitest";
import type { CapturedEmail } from "./smtp-capture";

export function emailsTo(address: string, directory = inject("mailboxDir")): CapturedEmail[] {
  return readdirSync(directory)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(directory, file), "utf8")) as CapturedEmail)
    .filter((email) => email.to.includes(address.toLowerCase()) || email.envelopeTo?.includes(address.toLowerCase()));
}

/** Waits for the `count`-th email to an address, optionally with a given subject (emails arrive through the job queue). */
export async function waitForEmail(
  address: string,
  options: { count?: number; subject?: string; timeoutMs?: number; directory?: string } = {},
): Promise<CapturedEmail> {
  const count = options.count ?? 1;
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  for (;;) {
    const received = emailsTo(address, options.directory).filter((email) => !options.subject || email.subject === options.subject);
    if (received.length >= count) return received[count - 1]!;
    if (Date.now() > deadline) throw new Error(`no email #${count} to ${address} within the timeout (got ${received.length})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Checks that nothing arrives for an address during a short window. */
export async function expectNoEmail(address: string, waitMs = 2_500): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, waitMs));
  const received = emailsTo(address);
  if (received.length > 0) throw new Error(`expected no email to ${address}, got ${received.length}`);
}

export const codeIn = (email: CapturedEmail) => /\b(\d{6})\b/.exec(email.text)?.[1] ?? null;
export const magicLinkIn = (email: CapturedEmail) => /(https?:\/\/\S+\/auth\/magic-link\?token=[\w%-]+)/.exec(email.text)?.[1] ?? null;
