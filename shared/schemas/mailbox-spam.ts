// A mailbox's spam settings (docs/spam-and-rules.md, "Per-mailbox settings").
import { z } from "zod";
import { senderLines } from "@/shared/sender-lines";
import { normaliseAddress } from "./mail-address";

export const SPAM_ACTIONS = ["junk", "tag", "off"] as const;
export const MAX_SPAM_LIST_ENTRIES = 500;

/** `someone@example.com` or `@example.com` (every address of the domain), lower-cased. */
const senderPattern = z
  .string()
  .trim()
  .max(254)
  .transform((value, context) => {
    const lower = value.toLowerCase();
    const normalised = lower.startsWith("@") ? (normaliseAddress(`x${lower}`)?.slice(1) ?? null) : normaliseAddress(lower);
    if (!normalised) {
      context.addIssue({ code: "custom", message: "an address (someone@example.com) or a domain written @example.com" });
      return z.NEVER;
    }
    return normalised;
  });

const senderList = z
  .array(senderPattern)
  .max(MAX_SPAM_LIST_ENTRIES)
  .transform((entries) => [...new Set(entries)]);

export const mailboxSpamSettingsSchema = z.object({
  /** junk: spam goes to the Junk folder; tag: it stays in the inbox marked X-Spam: Yes; off: no spam filtering. */
  action: z.enum(SPAM_ACTIONS),
  /** Senders whose mail never goes to Junk (nor is refused as spam). */
  allow: z.array(z.string()),
  /** Senders whose mail is refused (550 5.7.1). */
  block: z.array(z.string()),
});

export const updateMailboxSpamSettingsBody = z.object({
  action: z.enum(SPAM_ACTIONS).default("junk"),
  allow: senderList.default([]),
  block: senderList.default([]),
});

export type MailboxSpamSettings = z.infer<typeof mailboxSpamSettingsSchema>;

/** Allow and block lists that hold for every mailbox of a domain; a mailbox's own lists are read first. */
export const domainSpamListsSchema = z.object({
  allow: z.array(z.string()),
  block: z.array(z.string()),
});

export const updateDomainSpamListsBody = z.object({
  allow: senderList.default([]),
  block: senderList.default([]),
});

export type DomainSpamLists = z.infer<typeof domainSpamListsSchema>;

const senderLinesField = z.string().superRefine((text, context) => {
  const lines = senderLines(text);
  const bad = lines.find((line) => !senderPattern.safeParse(line).success);
  if (bad) context.addIssue({ code: "custom", message: `"${bad.slice(0, 60)}" is not an address or a domain written @example.com` });
  if (lines.length > MAX_SPAM_LIST_ENTRIES) context.addIssue({ code: "custom", message: `At most ${MAX_SPAM_LIST_ENTRIES} entries` });
});

/** The portal's spam lists form (a domain's): the lists as text, one entry per line. */
export const spamListsFormSchema = z.object({
  allow: senderLinesField,
  block: senderLinesField,
});

/** The portal's spam settings form (a mailbox's): the action, and the lists as text. */
export const spamSettingsFormSchema = spamListsFormSchema.extend({
  action: z.enum(SPAM_ACTIONS),
});
