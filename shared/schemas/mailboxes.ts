// Hosted mailboxes (docs/mailboxes.md): the API's request and response shapes,
// also used by the portal's forms.
import { z } from "zod";
import { newPasswordSchema } from "./account";

/** Largest quota anyone can ask for (1 TiB in MB); each plan has its own, lower maximum. */
export const MAX_QUOTA_MB = 1_048_576;

// Lower-case letters, digits and `.`, `_`, `-` inside; no `+` (a sub-address delimiter in most mail clients).
const LOCAL_PART = /^[a-z0-9](?:[a-z0-9._-]{0,62}[a-z0-9])?$/;

/** `local@domain`: lower case, plain ASCII local part; the domain is judged by the server (one of the account's). */
export function isMailboxAddress(value: string): boolean {
  const at = value.lastIndexOf("@");
  if (at <= 0 || value.length > 254) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  return LOCAL_PART.test(local) && !local.includes("..") && /^[^\s@]+\.[^\s@]+$/.test(domain);
}

const addressMessage = "Enter an address like ada@example.com: letters, digits, dots, hyphens and underscores before the @";

export const mailboxAddressSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "Address is required")
  .max(254, "An address can be at most 254 characters")
  .refine(isMailboxAddress, addressMessage)
  .meta({ description: "`local@domain` on one of the account's domains; stored in lower case.", example: "ada@example.com" });

const mailboxName = z.string().trim().max(100, "Name must be at most 100 characters");

const quotaMb = z
  .number({ error: "Quota must be a whole number of megabytes" })
  .int("Quota must be a whole number of megabytes")
  .min(1, "Quota must be at least 1 MB")
  .max(MAX_QUOTA_MB, "Quota is larger than any plan allows");

const mailboxPassword = newPasswordSchema.meta({ description: "Write-only: the account password rules (12 to 128 characters)." });

export const mailboxSchema = z
  .object({
    id: z.string(),
    address: z.string(),
    name: z.string().nullable(),
    domainId: z.string(),
    quotaBytes: z.number().int(),
    usedBytes: z.number().int().meta({ description: "Storage used, as the mail store last reported it." }),
    imapEnabled: z.boolean(),
    pop3Enabled: z.boolean(),
    smtpEnabled: z.boolean(),
    createdAt: z.iso.datetime(),
    lastLoginAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "Mailbox" });

export type Mailbox = z.output<typeof mailboxSchema>;

export const createMailboxBody = z
  .strictObject({
    address: mailboxAddressSchema,
    password: mailboxPassword,
    // An empty name (a form's untouched field) is no name.
    name: mailboxName.optional(),
    quotaMb: quotaMb.optional().meta({ description: "Default: the plan's default quota per mailbox." }),
  })
  .meta({ id: "CreateMailboxRequest" });

export const updateMailboxBody = z
  .strictObject({
    name: mailboxName.nullable().optional(),
    password: mailboxPassword.optional(),
    quotaMb: quotaMb.optional(),
    imapEnabled: z.boolean().optional(),
    pop3Enabled: z.boolean().optional(),
    smtpEnabled: z.boolean().optional(),
  })
  .meta({ id: "UpdateMailboxRequest" });

/** The portal's "Change quota…" form: the same rule as the API's `quotaMb`, which it requires. */
export const mailboxQuotaBody = z.strictObject({ quotaMb });

/** The portal's "Change password…" form: the same rule as the API's `password`. */
export const mailboxPasswordBody = z.strictObject({ password: mailboxPassword });

export const mailboxIdParams = z.object({ mailbox_id: z.string() });
