// Reads what the SMTP capture server received for an address: the emails the
// service sends (codes, links, notices, receipts) and messages it delivers.
// Hosted mailboxes (IMAP, POP3) are tests/support/hosted-mailboxes.ts.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { inject } from "vitest";
import { eventually, holdsFor } from "./poll";
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
  const matching = () => emailsTo(address, options.directory).filter((email) => !options.subject || email.subject === options.subject);
  const received = await eventually(matching, (emails) => emails.length >= count, { timeoutMs: options.timeoutMs ?? 15_000 });
  if (received.length < count) throw new Error(`no email #${count} to ${address} within the timeout (got ${received.length})`);
  return received[count - 1]!;
}

/** Checks that nothing arrives for an address during a short window (failing as soon as something does). */
export async function expectNoEmail(address: string, waitMs = 2_500): Promise<void> {
  await holdsFor(() => emailsTo(address).length === 0, waitMs);
  const received = emailsTo(address);
  if (received.length > 0) throw new Error(`expected no email to ${address}, got ${received.length}`);
}

export const codeIn = (email: CapturedEmail) => /\b(\d{6})\b/.exec(email.text)?.[1] ?? null;
export const magicLinkIn = (email: CapturedEmail) => /(https?:\/\/\S+\/auth\/magic-link\?token=[\w%-]+)/.exec(email.text)?.[1] ?? null;
