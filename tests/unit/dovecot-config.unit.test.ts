import { describe, expect, it } from "vitest";
import { libpqConnInfo } from "@/server/mail-store/dovecot/database-conninfo";
import { dovecotLayout, renderDovecotConf, renderSqlFile } from "@/server/mail-store/dovecot/dovecot-config";

const users = {
  asRoot: true,
  loginUser: "dovenull",
  internalUser: "dovecot",
  mailUser: "vmail",
  mailUid: 999,
  mailGid: 995,
  internalGid: 117,
};
const loginLimits = { addressLimit: 10, addressWindowSeconds: 900, mailboxLimit: 20, mailboxWindowSeconds: 900, knownAddressDays: 30 };
const input = (overrides: Partial<Parameters<typeof renderDovecotConf>[0]> = {}) => ({
  layout: dovecotLayout("/srv/ces"),
  instanceName: "ces-test",
  users,
  connInfo: "host=127.0.0.1",
  hostname: "mail.example.com",
  listen: "0.0.0.0",
  imapPort: 993,
  pop3Port: 0,
  managesievePort: 0,
  implicitTls: true,
  lmtpPort: 2424,
  readerPort: 40000,
  rulesMailPort: 40001,
  loginLimits,
  fullTextSearch: false,
  ...overrides,
});

describe("the generated Dovecot configuration", () => {
  it("turns a database URL into libpq key=value pairs, quoting only what must be", () => {
    expect(libpqConnInfo("postgres://ces:s3cret@db.internal:5433/mail?sslmode=require")).toBe(
      "host=db.internal port=5433 dbname=mail user=ces password=s3cret sslmode=require",
    );
    expect(libpqConnInfo("postgres://ces:it%27s%20me@127.0.0.1/postgres")).toBe(
      "host=127.0.0.1 dbname=postgres user=ces password='it\\'s me'",
    );
  });

  it("serves IMAP over implicit TLS in production, keeps LMTP and the reader on loopback, and reads the SQL functions", () => {
    const conf = renderDovecotConf(input());
    expect(conf).toContain("base_dir = /srv/ces/dovecot/run");
    expect(conf).toContain("mail_home = /srv/ces/mail/%d/%n");
    expect(conf).toMatch(/inet_listener imaps \{\n {4}address = 0\.0\.0\.0\n {4}port = 993\n {4}ssl = yes/);
    expect(conf).toMatch(/inet_listener imap \{\n {4}address = 0\.0\.0\.0\n {4}port = 0/);
    expect(conf).toMatch(/inet_listener lmtp \{\n {4}address = 127\.0\.0\.1\n {4}port = 2424/);
    expect(conf).toMatch(/inet_listener reader \{\n {4}address = 127\.0\.0\.1\n {4}port = 40000/);
    expect(conf).toContain("protocols = imap lmtp\n");
    expect(conf).not.toContain("chroot =");
    expect(renderSqlFile("host=x", "app", loginLimits)).toContain(
      "password_query = SELECT username AS user, password FROM dovecot_app_passdb('%u', '%w', '%s')",
    );
    expect(renderSqlFile("host=x", "mailbox", loginLimits)).toContain(
      "user_query = SELECT username AS user, quota_rule, last_login_dict, CASE mail_format WHEN 'maildir' THEN 'maildir:~/Maildir' ELSE 'sdbox:~/sdbox' END AS mail FROM dovecot_userdb('%u', '%{master_user}')",
    );
  });

  it("counts every login first and takes a right password's count back, with the service's limits", () => {
    const conf = renderDovecotConf(input());
    const passdbs = [...conf.matchAll(/passdb \{\n([^}]*)\}/g)].map((match) => match[1]!);
    expect(passdbs.map((block) => /args = (\S+)/.exec(block)?.[1])).toEqual([
      "/srv/ces/dovecot/master-users",
      "/srv/ces/dovecot/sql-login-attempt.conf.ext",
      "/srv/ces/dovecot/sql-app-passwords.conf.ext",
      "/srv/ces/dovecot/sql.conf.ext",
      "/srv/ces/dovecot/sql-login-succeeded.conf.ext",
    ]);
    expect(passdbs[1]).toContain("result_failure = return-fail");
    expect(passdbs[3]).toContain("skip = authenticated");
    expect(passdbs[4]).toContain("skip = unauthenticated");
    expect(renderSqlFile("host=x", "attempt", loginLimits)).toContain(
      "password_query = SELECT NULL AS password, 'Y' AS noauthenticate FROM mail_login_attempt('%u', '%r', 10, 900, 20, 900) WHERE allowed",
    );
    expect(renderSqlFile("host=x", "succeeded", loginLimits)).toContain(
      "password_query = SELECT NULL AS password, 'Y' AS nopassword FROM mail_login_succeeded('%u', '%r', 30)",
    );
  });

  it("offers STARTTLS on the development ports, and runs without chroots as an ordinary user", () => {
    const conf = renderDovecotConf(
      input({
        imapPort: 1143,
        pop3Port: 1110,
        implicitTls: false,
        users: { ...users, asRoot: false, loginUser: "me", internalUser: "me", mailUser: "me" },
      }),
    );
    expect(conf).toMatch(/inet_listener pop3 \{\n {4}address = 0\.0\.0\.0\n {4}port = 1110\n {4}ssl = no/);
    expect(conf).toContain("protocols = imap lmtp pop3\n");
    expect(conf).toContain("default_login_user = me");
    expect(conf).toContain("chroot =");
  });

  it("runs mailbox rules at delivery from the mailbox's home, hands what they send to the service, and serves ManageSieve when asked", () => {
    const off = renderDovecotConf(input());
    expect(off).toMatch(/protocol lmtp \{\n {2}mail_plugins = \$mail_plugins sieve/);
    expect(off).toContain("sieve = file:~/sieve;active=~/.dovecot.sieve");
    // Spam into Junk runs before the mailbox's rules, and the sieve plugin is loaded once.
    expect(off).toMatch(/sieve_before = \S+\/spam-before\.sieve\n/);
    expect(off.match(/\$mail_plugins sieve/g)).toHaveLength(1);
    expect(off).toContain("sieve_redirect_envelope_from = recipient");
    expect(off).toContain("submission_host = 127.0.0.1:40001");
    expect(off).not.toContain("managesieve-login");
    const on = renderDovecotConf(input({ managesievePort: 4190 }));
    expect(on).toContain("protocols = imap lmtp sieve\n");
    expect(on).toMatch(/service managesieve-login \{\n {2}inet_listener sieve \{\n {4}address = 0\.0\.0\.0\n {4}port = 4190\n {4}ssl = no/);
  });

  it("bounds each mailbox's Sieve scripts, which its mail quota does not count: 64 KiB each, 10 scripts, 256 KiB in all", () => {
    const conf = renderDovecotConf(input({ managesievePort: 4190 }));
    expect(conf).toContain("  sieve_max_script_size = 65536\n  sieve_quota_max_scripts = 10\n  sieve_quota_max_storage = 262144\n");
  });

  it("indexes mail for full-text search with Xapian when its plugin is installed, and searches as before without it", () => {
    const off = renderDovecotConf(input());
    expect(off).not.toMatch(/\bfts|xapian|indexer/);
    const on = renderDovecotConf(input({ fullTextSearch: true }));
    expect(on).toContain("mail_plugins = $mail_plugins quota quota_clone fts fts_xapian\n");
    expect(on).toMatch(
      /plugin \{\n[^}]*\n {2}fts = xapian\n {2}fts_xapian = partial=3 full=20 verbose=0\n {2}fts_autoindex = yes\n {2}fts_enforced = yes\n\}/,
    );
    expect(on).toMatch(/service indexer-worker \{\n {2}vsz_limit = 1G\n\}/);
  });
});
