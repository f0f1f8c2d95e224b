// The dev mailbox (docs/email-and-two-factor.md): what the file transport wrote under
// DATA_DIR/mail, read back for the /dev/mail page. Files only, never the
// database. Each email is `<id>.eml` plus `<id>.json` (id, sentAt, to,
// subject, html, text, template, from); ids start with the send time, so
// names sort by age.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { mailDirectory } from "./mail-directory";

/** What the file transport uses for ids; anything else is refused before it can touch a path. */
const EMAIL_ID = /^[A-Za-z0-9-]{1,100}$/;

export const isDevEmailId = (value: string): boolean => EMAIL_ID.test(value);

const storedEmail = z.object({
  id: z.string().regex(EMAIL_ID),
  sentAt: z.iso.datetime(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  template: z.string(),
  html: z.string(),
  text: z.string(),
});

export type DevEmail = z.infer<typeof storedEmail>;
export type DevEmailSummary = Omit<DevEmail, "html" | "text">;

async function readStored(directory: string, id: string): Promise<DevEmail | null> {
  try {
    const parsed = storedEmail.safeParse(JSON.parse(await readFile(path.join(directory, `${id}.json`), "utf8")));
    // A file whose id disagrees with its name is not one the transport wrote.
    return parsed.success && parsed.data.id === id ? parsed.data : null;
  } catch {
    // Missing, unreadable, or still being written: not an email yet.
    return null;
  }
}

async function storedIds(directory: string): Promise<string[]> {
  try {
    const files = await readdir(directory);
    return files.flatMap((file) => {
      const id = file.endsWith(".json") ? file.slice(0, -".json".length) : null;
      return id && isDevEmailId(id) ? [id] : [];
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return []; // nothing sent yet
    throw error;
  }
}

/** The newest `limit` emails, newest first, without their bodies; `total` counts them all. */
export async function listDevEmails(
  dataDir: string,
  options: { limit?: number } = {},
): Promise<{ emails: DevEmailSummary[]; total: number }> {
  const directory = mailDirectory(dataDir);
  const ids = (await storedIds(directory)).sort().reverse();
  const newest = await Promise.all(ids.slice(0, options.limit ?? 200).map((id) => readStored(directory, id)));
  const emails = newest
    .filter((email): email is DevEmail => email !== null)
    .map(({ html: _html, text: _text, ...summary }) => summary)
    .sort((a, b) => b.sentAt.localeCompare(a.sentAt) || b.id.localeCompare(a.id));
  return { emails, total: ids.length };
}

/** One email with its HTML and plain-text parts, or null. */
export async function getDevEmail(dataDir: string, id: string): Promise<DevEmail | null> {
  if (!isDevEmailId(id)) return null;
  return readStored(mailDirectory(dataDir), id);
}

/** The first six-digit number of a text: the code of a sign-in, confirmation or reset email. */
const codeIn = (text: string): string | null => /\b(\d{6})\b/.exec(text)?.[1] ?? null;

/**
 * The newest email to `to` (optionally of one template) with its code, or null:
 * what /dev/mail/latest.json answers, so scripts read a code without a browser.
 */
export async function findLatestDevEmail(
  dataDir: string,
  filter: { to: string; template?: string },
): Promise<(DevEmail & { code: string | null }) | null> {
  const wanted = filter.to.toLowerCase();
  const { emails } = await listDevEmails(dataDir, { limit: 1000 });
  const match = emails.find(
    (email) => email.to.toLowerCase().split(/,\s*/).includes(wanted) && (!filter.template || email.template === filter.template),
  );
  const email = match ? await getDevEmail(dataDir, match.id) : null;
  return email ? { ...email, code: codeIn(email.text) } : null;
}

/** The raw message (RFC 822) as the transport composed it, or null. */
export async function readDevEmailSource(dataDir: string, id: string): Promise<Buffer | null> {
  if (!isDevEmailId(id)) return null;
  try {
    return await readFile(path.join(mailDirectory(dataDir), `${id}.eml`));
  } catch {
    return null;
  }
}
