// The protocols a mailbox or an app password can be allowed (docs/mailboxes.md);
// without zod, so a portal form can list them without loading the schemas.
export const mailProtocols = ["imap", "pop3", "smtp"] as const;
