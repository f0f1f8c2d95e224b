// A sender's side of an MX conversation, over a bare socket so each RCPT's
// reply is seen on its own, and the IMAP side of the mailboxes it reaches.
import type { ImapFlow } from "imapflow";
import { type SmtpReplyLine, smtpDialogue } from "./smtp-dialogue";

export type MxTransaction = { greeting: string; rcpt: SmtpReplyLine[]; data: SmtpReplyLine | null };

/** MAIL, one RCPT per recipient and, when any was accepted, DATA with `raw` (CRLF line ends, dot-stuffed here). */
export async function mxTransaction(
  port: number,
  from: string,
  to: string[],
  raw: Buffer,
  options: { beforeData?: () => Promise<void> } = {},
): Promise<MxTransaction> {
  const dialogue = smtpDialogue(port);
  try {
    const greeting = (await dialogue.greeting).text;
    await dialogue.send("EHLO sender.example.org\r\n");
    const mail = await dialogue.send(`MAIL FROM:<${from}>\r\n`);
    if (mail.code !== 250) throw new Error(`MAIL FROM answered ${mail.code} ${mail.text}`);
    const rcpt: SmtpReplyLine[] = [];
    for (const address of to) rcpt.push(await dialogue.send(`RCPT TO:<${address}>\r\n`));
    if (!rcpt.some((reply) => reply.code === 250)) return { greeting, rcpt, data: null };
    await options.beforeData?.();
    const go = await dialogue.send("DATA\r\n");
    if (go.code !== 354) throw new Error(`DATA answered ${go.code} ${go.text}`);
    const stuffed = raw.toString("latin1").replace(/(^|\r\n)\./g, "$1..");
    const data = await dialogue.send(
      Buffer.concat([Buffer.from(stuffed, "latin1"), Buffer.from(stuffed.endsWith("\r\n") ? ".\r\n" : "\r\n.\r\n")]),
    );
    await dialogue.send("QUIT\r\n");
    return { greeting, rcpt, data };
  } finally {
    dialogue.end();
  }
}

/** `250 …`, `550 5.1.1`: a reply's code and enhanced code, for comparing. */
export const short = (reply: SmtpReplyLine | null) => (reply ? `${reply.code} ${reply.text.split(" ")[0]}` : null);

/** Every message of a folder (the INBOX unless named): its subject and source. */
export async function inbox(client: ImapFlow, folder = "INBOX"): Promise<{ subject: string; source: string }[]> {
  await client.connect();
  try {
    const lock = await client.getMailboxLock(folder);
    try {
      const mailbox = client.mailbox;
      if (!mailbox || mailbox.exists === 0) return [];
      const messages: { subject: string; source: string }[] = [];
      for await (const message of client.fetch("1:*", { envelope: true, source: true }))
        messages.push({ subject: message.envelope?.subject ?? "", source: message.source?.toString("latin1") ?? "" });
      return messages;
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => {});
  }
}
