export type EmailMessage = {
  to: string;
  subject: string;
  html: string;
  /** Always present; carries any code or link verbatim. */
  text: string;
  /** What kind of email this is, for logs and the dev mailbox (never its content). */
  template: string;
};

export type EmailTransport = { name: string; send: (message: EmailMessage & { from: string }) => Promise<void> };
