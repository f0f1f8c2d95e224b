// Writes the child Dovecot's configuration under <state root>/dovecot
// (DATA_DIR, or its directory under /var/lib: traversable-path.ts). Files with
// secrets (the database connection, the master user's hash, the TLS key) are
// readable by root and Dovecot's internal user only. The mail directory
// belongs to the mail user; directories on the way are left traversable.
import { chmodSync, chownSync, mkdirSync, writeFileSync } from "node:fs";
import { renderDictFile, renderDovecotConf, renderSqlFile, type DovecotConfigInput } from "./dovecot-config";
import { masterUserPasswdLine } from "./master-user";
import { writeSpamSieve } from "./spam-sieve";

export function writeDovecotFiles(input: DovecotConfigInput, tls: { cert: Buffer; key: Buffer }): void {
  const { layout, users } = input;
  mkdirSync(layout.dir, { recursive: true, mode: 0o755 });
  chmodSync(layout.dir, 0o755);
  mkdirSync(layout.stateDir, { recursive: true, mode: 0o750 });
  mkdirSync(layout.mailRoot, { recursive: true, mode: 0o750 });
  if (users.asRoot) chownSync(layout.mailRoot, users.mailUid, users.mailGid);
  // Secrets: root reads them when it parses the configuration; the auth and dict processes run as the internal user.
  const secretGroup = users.asRoot ? users.internalGid : null;
  const secret = (file: string, content: string | Buffer) => {
    writeFileSync(file, content, { mode: 0o640 });
    chmodSync(file, 0o640);
    if (secretGroup !== null) chownSync(file, 0, secretGroup);
  };
  secret(layout.loginAttemptFile, renderSqlFile(input.connInfo, "attempt", input.loginLimits));
  secret(layout.appPassdbFile, renderSqlFile(input.connInfo, "app", input.loginLimits));
  secret(layout.sqlFile, renderSqlFile(input.connInfo, "mailbox", input.loginLimits));
  secret(layout.loginSucceededFile, renderSqlFile(input.connInfo, "succeeded", input.loginLimits));
  secret(layout.dictFile, renderDictFile(input.connInfo));
  secret(layout.masterUsersFile, masterUserPasswdLine());
  secret(layout.keyFile, tls.key);
  writeFileSync(layout.certFile, tls.cert, { mode: 0o644 });
  writeFileSync(layout.configFile, renderDovecotConf(input), { mode: 0o644 });
  writeSpamSieve(layout.dir, layout.configFile);
}
