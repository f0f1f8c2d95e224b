// Development transport: each email becomes an .eml file (plus a JSON copy the
// dev mailbox page renders) under DATA_DIR/mail.
import { randomBytes } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import MailComposer from "nodemailer/lib/mail-composer";
import { mailDirectory } from "../mail-directory";
import type { EmailTransport } from "../message";

export function fileTransport(dataDir: string): EmailTransport {
  return {
    name: "file",
    async send(message) {
      const directory = mailDirectory(dataDir);
      await mkdir(directory, { recursive: true });
      const id = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}`;
      const raw = await new MailComposer({ from: message.from, to: message.to, subject: message.subject, text: message.text, html: message.html }).compile().build();
      await writeFile(path.join(directory, `${id}.eml`), raw, { mode: 0o600 });
      // The JSON copy is what readers list, so it appears last and whole (written aside, then renamed).
      const temporary = path.join(directory, `.${id}.json.tmp`);
      await writeFile(temporary, JSON.stringify({ id, sentAt: new Date().toISOString(), ...message }), { mode: 0o600 });
      await rename(temporary, path.join(directory, `${id}.json`));
    },
  };
}
