// Mail storage for this instance (docs/mail-storage.md). DOVECOT=auto
// starts Dovecot as a child process when it is installed, from a
// configuration generated under DATA_DIR; without it the rest of the service
// runs and mailbox mail is answered with a temporary failure. DOVECOT=external
// uses an operator's Dovecot at LMTP_URL; DOVECOT=off uses none.
import { createHash } from "node:crypto";
import path from "node:path";
import type { Env } from "@/server/config/env";
import { mailTlsCredentials } from "@/server/security/tls-credentials";
import { freeLoopbackPort } from "@/server/engines/free-port";
import { libpqConnInfo } from "@/server/mail-store/dovecot/database-conninfo";
import { dovecotLayout } from "@/server/mail-store/dovecot/dovecot-config";
import type { LoginLimits } from "@/server/mail-store/dovecot/sql-queries";
import { writeMailStoreStatus } from "@/server/mail-store/dovecot/mail-store-status";
import { DOWN_AFTER_FAILED_STARTS } from "@/server/engines/supervise-engine";
import { superviseDovecot } from "@/server/mail-store/dovecot/dovecot-process";
import { hasFullTextSearchPlugin, missingDovecotPackages } from "@/server/mail-store/dovecot/dovecot-packages";
import { dovecotUsers } from "@/server/mail-store/dovecot/system-users";
import { prepareStateRoot } from "@/server/engines/state-dir";
import { mailStateRoot } from "@/server/mail-store/dovecot/traversable-path";
import { writeDovecotFiles } from "@/server/mail-store/dovecot/write-dovecot-files";

export type MailStore = {
  /** One line for the launcher's log. */
  description: string;
  /** The reader's IMAP URL, handed to the web workers (DOVECOT_IMAP_URL). */
  imapUrl: string | null;
  /** Where Dovecot hands the mail Sieve sends (forwards, vacation replies), and the user it runs that as; null without a child Dovecot. */
  rulesMail: { port: number; mailUid: number } | null;
  stop: () => Promise<void>;
};

const offline = (description: string): MailStore => ({ description, imapUrl: null, rulesMail: null, stop: async () => {} });

/** `loginLimits` are the rate-limit policy the submission listener counts with too (the launcher passes them: the adapter knows no services). */
export async function startMailStore(config: Env, databaseUrl: string, loginLimits: LoginLimits): Promise<MailStore> {
  const settings = config.mailStore;
  if (settings.mode === "off") return offline("mail storage off (DOVECOT=off): hosted mailboxes cannot receive or be read");
  if (settings.mode === "external") {
    return {
      description: `mail storage: Dovecot at ${settings.lmtpUrl}`,
      imapUrl: settings.imapUrl,
      rulesMail: null,
      stop: async () => {},
    };
  }
  const missing = missingDovecotPackages();
  if (missing.length > 0) {
    writeMailStoreStatus(config.dataDir, "offline", "Dovecot, the mail storage, is not installed on this server.");
    return offline(
      `mail storage offline: Dovecot is not installed; install it with \`apt-get install ${missing.join(" ")}\` (or set DOVECOT=off, or DOVECOT=external with LMTP_URL)`,
    );
  }
  const readerPort = await freeLoopbackPort();
  const rulesMailPort = await freeLoopbackPort();
  const users = dovecotUsers();
  const fullTextSearch = hasFullTextSearchPlugin();
  // Run as root, Dovecot's users must reach its files: a DATA_DIR below a 0700 home moves them to /var/lib.
  const state = mailStateRoot(config.dataDir, users.asRoot);
  if (users.asRoot) prepareStateRoot(state);
  const layout = dovecotLayout(state.root);
  writeDovecotFiles(
    {
      layout,
      instanceName: `ces-${createHash("sha256").update(path.resolve(config.dataDir)).digest("hex").slice(0, 10)}`,
      users,
      connInfo: libpqConnInfo(databaseUrl),
      hostname: config.mail.hostname,
      listen: config.mail.listen,
      imapPort: settings.imapPort,
      pop3Port: settings.pop3Port,
      managesievePort: settings.managesievePort,
      implicitTls: settings.implicitTls,
      lmtpPort: settings.lmtpPort,
      readerPort,
      rulesMailPort,
      loginLimits,
      fullTextSearch,
    },
    mailTlsCredentials(config),
  );
  writeMailStoreStatus(config.dataDir, "offline", "The mail storage is starting.");
  const dovecot = superviseDovecot({
    configFile: layout.configFile,
    baseDir: layout.baseDir,
    lmtpPort: settings.lmtpPort,
    onStatus: (online, failedStarts) =>
      writeMailStoreStatus(
        config.dataDir,
        online ? "online" : "offline",
        failedStarts >= DOWN_AFTER_FAILED_STARTS
          ? `Dovecot, the mail storage, is down: it failed to start ${failedStarts} times in a row (see the service's log); it is still retried.`
          : "Dovecot, the mail storage, stopped; it is being restarted.",
      ),
  });
  const ready = await dovecot.ready(15_000);
  if (!ready) writeMailStoreStatus(config.dataDir, "offline", "Dovecot, the mail storage, did not start; see the service's log.");
  const tls = settings.implicitTls ? "implicit TLS" : "STARTTLS";
  const ports = [
    settings.imapPort > 0 ? `IMAP on ${config.mail.listen}:${settings.imapPort} (${tls})` : null,
    settings.pop3Port > 0 ? `POP3 on ${config.mail.listen}:${settings.pop3Port} (${tls})` : null,
    settings.managesievePort > 0 ? `ManageSieve on ${config.mail.listen}:${settings.managesievePort} (STARTTLS)` : null,
    `LMTP on 127.0.0.1:${settings.lmtpPort}`,
    fullTextSearch ? "full-text search" : "no full-text search index (apt-get install dovecot-fts-xapian)",
  ].filter(Boolean);
  const where = state.movedBecause
    ? `mail and Dovecot's state under ${state.root}, not DATA_DIR: ${state.movedBecause}`
    : `mail under ${layout.mailRoot}`;
  return {
    description: `${ready ? "mail storage: Dovecot" : "mail storage: Dovecot did not start yet (see its log lines);"} ${ports.join(", ")}; ${where}`,
    imapUrl: `imap://127.0.0.1:${readerPort}`,
    rulesMail: { port: rulesMailPort, mailUid: users.mailUid },
    stop: dovecot.stop,
  };
}
