// How the portal names the mail protocols.
export const protocolLabel = { imap: "IMAP", pop3: "POP3", smtp: "SMTP" } as const;
