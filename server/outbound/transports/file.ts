// Development transport: each email becomes an .eml file (plus a JSON copy the
// dev mailbox page renders) under DATA_DIR/mail.
import { randomBytes } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { simpleParser } from "mailparser";
import MailComposer from "nodemailer/lib/mail-composer";
import { mailDirectory } from "@/server/outbound/mail-directory";
import type { EmailTransport } from "@/server/outbound/message";

type MailboxCopy = { to: string; from: string; subject: string; html: string; text: string; template: string };

async function store(dataDir: string, raw: Buffer, copy: MailboxCopy): Promise<void> {
  const directory = mailDirectory(dataDir);
  await mkdir(directory, { recursive: true });
  const id = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}`;
  await writeFile(path.join(directory, `${id}.eml`), raw, { mode: 0o600 });
  // The JSON copy is what readers list, so it appears last and whole (written aside, then renamed).
  const temporary = path.join(directory, `.${id}.json.tmp`);
  await writeFile(temporary, JSON.stringify({ id, sentAt: new Date().toISOString(), ...copy }), { mode: 0o600 });
  await rename(temporary, path.join(directory, `${id}.json`));
}

export function fileTransport(dataDir: string): EmailTransport {
  return {
    name: "file",
    async send(message) {
      const raw = await new MailComposer({
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      })
        .compile()
        .build();
      await store(dataDir, raw, message);
    },
    async sendRaw({ raw, envelope }) {
      const parsed = await simpleParser(raw);
      await store(dataDir, raw, {
        to: envelope.to.join(", "),
        from: parsed.from?.text ?? envelope.from,
        subject: parsed.subject ?? "",
        html: typeof parsed.html === "string" ? parsed.html : "",
        text: parsed.text ?? "",
        template: "customer-message",
      });
      return { accepted: envelope.to, refused: [] };
    },
  };
}
