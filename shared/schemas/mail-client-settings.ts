// What a mail client needs to reach a hosted mailbox (docs/mailboxes.md):
// the same settings the autoconfig answer carries.
import { z } from "zod";
import { mailStorageSchema } from "./mail-storage";

export const mailSecurities = ["ssl_tls", "starttls"] as const;

const server = z.object({
  host: z.string(),
  port: z.number().int(),
  security: z
    .enum(mailSecurities)
    .meta({ description: "`ssl_tls`: TLS from the first byte; `starttls`: connect in plain text, then upgrade (STARTTLS)." }),
});

/** Mail clients log in with the mailbox's full address and its password or an app password. */
const clientServers = z.object({
  imap: server.nullable().meta({ description: "null when this deployment serves no IMAP." }),
  pop3: server.nullable().meta({ description: "null when this deployment serves no POP3." }),
  smtp: z.array(server).meta({ description: "SMTP submission listeners that are on (sending from the mailbox)." }),
  autoconfigUrl: z.string().meta({ description: "Where Thunderbird-style clients find these settings for an address." }),
});

export const mailClientSettingsSchema = clientServers
  .extend({ storage: mailStorageSchema.meta({ description: "Whether mailboxes can receive and be read right now, and if not why." }) })
  .meta({ id: "MailClientSettings" });

/** The servers only (what autoconfig and the discovery records carry). */
export type MailClientSettings = z.output<typeof clientServers>;
export type MailServerSettings = z.output<typeof server>;
