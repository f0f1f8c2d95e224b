// The folders of a hosted mailbox, through the API (docs/webmail.md, "Folders").
import { z } from "zod";

export const specialUses = ["inbox", "drafts", "sent", "junk", "trash", "archive"] as const;
export type SpecialUse = (typeof specialUses)[number];

/**
 * A folder name as a mail client shows it: `/` nests folders. IMAP's list
 * wildcards, control characters and empty levels are refused.
 */
export const folderNameSchema = z
  .string()
  .trim()
  .min(1, "name is required")
  .max(200, "name is at most 200 characters")
  .refine((name) => !/[\p{Cc}*%"\\]/u.test(name), 'name cannot hold control characters, *, %, " or \\')
  .refine(
    (name) => name.split("/").every((level) => level.trim() !== "" && level !== "." && level !== ".."),
    "name cannot have empty, . or .. levels",
  )
  // A leading ~ would name a home directory to the mail storage, which refuses it.
  .refine((name) => name.split("/").every((level) => !level.startsWith("~")), "no level of the name can start with ~")
  .meta({ description: "The folder's full name; `/` separates levels (`Projects/2026`)." });

export const mailboxFolderParams = z.object({ mailbox_id: z.string() });
export const mailboxFolderNameParams = z.object({ mailbox_id: z.string(), folder: z.string().max(1000) });
export const folderBodySchema = z.object({ name: folderNameSchema }).meta({ id: "MailboxFolderInput" });

export const mailboxFolderSchema = z
  .object({
    name: z.string(),
    /** From the folder's IMAP special-use flag. */
    specialUse: z.enum(specialUses).nullable(),
    total: z.number().int(),
    unseen: z.number().int(),
  })
  .meta({ id: "MailboxFolder" });

export type MailboxFolder = z.infer<typeof mailboxFolderSchema>;
