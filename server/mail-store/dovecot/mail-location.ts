// Where Dovecot keeps a mailbox's mail under its home, per storage format
// (docs/mail-storage.md, "Storage format").
import type { MailFormat } from "@/server/db/schema/mailboxes";

export const MAIL_LOCATION: Record<MailFormat, string> = {
  sdbox: "sdbox:~/sdbox",
  maildir: "maildir:~/Maildir",
};
