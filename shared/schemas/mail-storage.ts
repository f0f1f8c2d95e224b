// The state of this deployment's mail storage (Dovecot), shown where hosted
// mailboxes are (docs/mailboxes.md, "When the mail storage is offline").
import { z } from "zod";

export const mailStorageStatuses = ["online", "offline", "off", "external"] as const;
export type MailStorageStatus = (typeof mailStorageStatuses)[number];

export const mailStorageSchema = z
  .object({
    status: z.enum(mailStorageStatuses).meta({
      description:
        "`online`; `offline`: mail for mailboxes is deferred (senders retry) and cannot be read; `off`: this deployment stores no mail; `external`: an operator's Dovecot.",
    }),
    reason: z
      .string()
      .nullable()
      .meta({ description: "Why the storage is offline or off, in a sentence; null when it is online or external." }),
  })
  .meta({ id: "MailStorage" });

export type MailStorage = z.output<typeof mailStorageSchema>;
