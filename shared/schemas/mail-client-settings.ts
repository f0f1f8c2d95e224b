// What a mail client needs to reach a hosted mailbox (docs/mailboxes.md):
// the same settings the autoconfig answer carries.
import { z } from "zod";

export const mailSecurities = ["ssl_tls", "starttls"] as const;

const server = z.object({
  host: z.string(),
  port: z.number().int(),
  security: z
    .enum(mailSecurities)
    .meta({ description: "`ssl_tls`: TLS from the first byte; `starttls`: connect in plain text, then upgrade (STARTTLS)." }),
});

/** Mail clients log in with the mailbox's full address and its password or an app password. */
export const mailClientSettingsSchema = z
  .object({
    imap: server.nullable().meta({ description: "null when this deployment serves no IMAP." }),
    pop3: server.nullable().meta({ description: "null when this deployment serves no POP3." }),
    smtp: z.array(server).meta({ description: "SMTP submission listeners that are on (sending from the mailbox)." }),
    autoconfigUrl: z.string().meta({ description: "Where Thunderbird-style clients find these settings for an address." }),
  })
  .meta({ id: "MailClientSettings" });

export type MailClientSettings = z.output<typeof mailClientSettingsSchema>;
export type MailServerSettings = z.output<typeof server>;
