// App passwords of a hosted mailbox (docs/mailboxes.md): one per mail client,
// limited to some protocols, the secret shown once.
import { z } from "zod";
import { mailProtocols } from "@/shared/mail-protocols";

export const appPasswordSchema = z
  .object({
    id: z.string(),
    mailboxId: z.string(),
    name: z.string(),
    protocols: z.array(z.enum(mailProtocols)),
    createdAt: z.iso.datetime(),
    lastUsedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "MailboxAppPassword" });

export type AppPassword = z.output<typeof appPasswordSchema>;

export const createdAppPasswordSchema = appPasswordSchema
  .extend({ secret: z.string().meta({ description: "Shown once; only a hash is kept." }) })
  .meta({ id: "CreatedMailboxAppPassword" });

export const createAppPasswordBody = z
  .strictObject({
    name: z.string().trim().min(1, "Name is required").max(100, "Name must be at most 100 characters"),
    protocols: z
      .array(z.enum(mailProtocols, { error: "Protocols are imap, pop3 and smtp" }))
      .min(1, "Choose at least one protocol")
      .max(mailProtocols.length)
      .refine((list) => new Set(list).size === list.length, "List each protocol once")
      .meta({ description: "What the password may be used for: any of `imap`, `pop3`, `smtp` (at least one)." }),
  })
  .meta({ id: "CreateMailboxAppPasswordRequest" });

export const appPasswordIdParams = z.object({ mailbox_id: z.string(), app_password_id: z.string() });
