export type EmailMessage = {
  to: string;
  subject: string;
  html: string;
  /** Always present; carries any code or link verbatim. */
  text: string;
  /** What kind of email this is, for logs and the dev mailbox (never its content). */
  template: string;
};

/** A customer's message from the sending API, composed (and DKIM-signed) by us. */
export type ComposedMessage = {
  envelope: { from: string; to: string[] };
  /** The RFC 5322 message as it goes on the wire. */
  raw: Buffer;
  /** The same message as fields, for transports that take fields rather than MIME (Resend). */
  fields: { from: string; to: string[]; cc: string[]; bcc: string[]; replyTo: string[]; subject: string; html?: string; text?: string; headers: Record<string, string> };
};

export type EmailTransport = {
  name: string;
  /** Our own emails (codes, links, notices). */
  send: (message: EmailMessage & { from: string }) => Promise<void>;
  /** Customers' messages sent without a relay of their own. */
  sendComposed: (message: ComposedMessage) => Promise<void>;
};
