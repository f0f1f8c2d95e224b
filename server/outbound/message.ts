export type EmailMessage = {
  to: string;
  subject: string;
  html: string;
  /** Always present; carries any code or link verbatim. */
  text: string;
  /** What kind of email this is, for logs and the dev mailbox (never its content). */
  template: string;
};

/** A customer's message as it goes on the wire (DKIM-signed), with its SMTP envelope. */
export type RawMessage = {
  envelope: { from: string; to: string[] };
  /** The RFC 5322 message, CRLF line ends. */
  raw: Buffer;
};

/** A recipient the next hop refused at RCPT TO; `code` is the SMTP reply code (null: none came). */
export type RecipientRefusal = { recipient: string; code: number | null; response: string };

/** What the next hop did with the recipients of one hand-off. */
export type HandOff = {
  accepted: string[];
  refused: RecipientRefusal[];
  /** Our Postfix's queue ID for the accepted copy: its log lines about the copy carry it (postfix/delivery-log.ts). */
  queueId?: string | null;
};

export type EmailTransport = {
  name: string;
  /** Our own emails (codes, links, notices). */
  send: (message: EmailMessage & { from: string }) => Promise<void>;
  /**
   * Customers' messages sent without a relay of their own. Resolves with the
   * recipients' fate; rejects when the message as a whole was not taken.
   */
  sendRaw: (message: RawMessage) => Promise<HandOff>;
};
