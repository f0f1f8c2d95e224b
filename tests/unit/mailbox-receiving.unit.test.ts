import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { mailboxStorageDir, removeMailboxStorage } from "@/server/mail-store/dovecot/remove-mailbox-storage";
import type { AuthenticationSummary } from "@/server/mail/mx/authentication/authenticate-inbound";
import { authenticationResultsHeader, receivedHeader } from "@/server/mail/mx/mailbox-delivery/trace-headers";
import { prependTraceHeaders } from "@/server/message-format/trace-headers";

const summary = (overrides: Partial<AuthenticationSummary> = {}): AuthenticationSummary => ({
  spf: "pass",
  dkim: "none",
  dkimSignatures: [],
  dmarc: "pass",
  arc: "none",
  dmarcPolicy: "none",
  complete: true,
  senderPolicy: "none",
  headers:
    "Authentication-Results: mx.example.com;\r\n dkim=none (message not signed);\r\n spf=pass (mx.example.com: domain of a@sender.example designates 192.0.2.1 as permitted sender) smtp.mailfrom=a@sender.example;\r\n dmarc=pass header.from=sender.example",
  ...overrides,
});

describe("mailboxStorageDir", () => {
  it("names a directory only for addresses that cannot leave the mail root or confuse Dovecot", () => {
    const dataDir = "/srv/ces";
    for (const local of ["ada", "ada.lovelace", "x_y-z", "1", "a".repeat(64)])
      expect(mailboxStorageDir(`${local}@example.com`, dataDir), local).toBe(`/srv/ces/mail/example.com/${local}`);
    for (const local of [
      "",
      ".",
      "..",
      ".hidden",
      "a..b",
      "trailing.",
      "a/b",
      "../x",
      "a\\b",
      "a*master",
      "%u",
      "with space",
      "tab\t",
      "nul\0",
      "é",
      "a".repeat(65),
    ])
      expect(mailboxStorageDir(`${local}@example.com`, dataDir), JSON.stringify(local)).toBeNull();
    expect(mailboxStorageDir("ada@../etc", dataDir)).toBeNull();
  });
});

describe("removeMailboxStorage", () => {
  it("removes DATA_DIR/mail/<domain>/<local part> and nothing beside it", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "ces-storage-"));
    const home = path.join(dataDir, "mail", "example.net", "ada");
    const neighbour = path.join(dataDir, "mail", "example.net", "adam", "Maildir", "cur");
    for (const dir of [path.join(home, "Maildir", "cur"), path.join(home, "Maildir", "new"), neighbour])
      mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(home, "Maildir", "cur", "1.eml"), "x");
    expect(mailboxStorageDir("Ada@Example.NET", dataDir)).toBe(home);
    expect(await removeMailboxStorage("Ada@Example.NET", { dataDir })).toBe(true);
    expect(existsSync(home)).toBe(false);
    expect(existsSync(neighbour)).toBe(true);
    expect(await removeMailboxStorage("ada@example.net", { dataDir })).toBe(false);
    for (const address of ["../x@example.net", ".@example.net", "a@../..", "a@example.net/../..", "*@example.net", "nobody"]) {
      expect(mailboxStorageDir(address, dataDir), address).toBeNull();
      expect(await removeMailboxStorage(address, { dataDir })).toBe(false);
    }
    expect(existsSync(path.join(dataDir, "mail", "example.net"))).toBe(true);
  });
});

describe("the trace headers of a mailbox's copy", () => {
  it("keeps mailauth's Authentication-Results and adds a method it left out", () => {
    expect(authenticationResultsHeader(summary(), "mx.example.com")).toBe(summary().headers);
    const withoutDmarc = summary({ dmarc: "none", headers: "Authentication-Results: mx.example.com;\r\n dkim=none;\r\n spf=none" });
    expect(authenticationResultsHeader(withoutDmarc, "mx.example.com")).toBe(
      "Authentication-Results: mx.example.com;\r\n dkim=none;\r\n spf=none;\r\n dmarc=none",
    );
  });

  it("names every method when the checks did not run", () => {
    const timedOut = summary({
      spf: "temperror",
      dkim: "temperror",
      dmarc: "temperror",
      headers: "Authentication-Results: mx.example.com; none (checks timed out)",
    });
    expect(authenticationResultsHeader(timedOut, "mx.example.com")).toBe(
      "Authentication-Results: mx.example.com;\r\n spf=temperror (checks timed out);\r\n dkim=temperror (checks timed out);\r\n dmarc=temperror (checks timed out)",
    );
  });

  it("cannot be made to start a header field of its own", () => {
    const header = authenticationResultsHeader(
      summary({
        headers: "Authentication-Results: mx.example.com;\r\n spf=pass smtp.mailfrom=a\r\nX-Evil: 1;\r\n dkim=none;\r\n dmarc=none",
      }),
      "mx.example.com",
    );
    expect(header).not.toMatch(/\r\nX-Evil/);
    expect(
      receivedHeader({
        helo: "evil\r\nX-Evil: 1",
        remoteAddress: "192.0.2.1",
        sessionId: "abc",
        hostname: "mx.example.com",
        date: new Date(0),
      }),
    ).toBe("Received: from evilX-Evil:1 ([192.0.2.1])\r\n\tby mx.example.com with ESMTP id abc;\r\n\tThu, 01 Jan 1970 00:00:00 +0000");
  });

  it("goes on top, removing only Authentication-Results that claim our host name", () => {
    const raw = Buffer.from(
      [
        "Authentication-Results: MX.example.com; spf=pass (forged)",
        "From: a@sender.example",
        "Authentication-Results: (comment) mx.example.com;",
        "\tdkim=pass header.d=forged",
        "Authentication-Results: relay.example.org; spf=fail",
        "Subject: hi",
        "",
        "Authentication-Results: mx.example.com; body text stays",
        "",
      ].join("\r\n"),
      "latin1",
    );
    const result = prependTraceHeaders(
      raw,
      ["Authentication-Results: mx.example.com; spf=none", "Received: from x"],
      "mx.example.com",
    ).toString("latin1");
    expect(result).toBe(
      [
        "Authentication-Results: mx.example.com; spf=none",
        "Received: from x",
        "From: a@sender.example",
        "Authentication-Results: relay.example.org; spf=fail",
        "Subject: hi",
        "",
        "Authentication-Results: mx.example.com; body text stays",
        "",
      ].join("\r\n"),
    );
    const untouched = Buffer.from("Subject: x\r\n\r\nbody\xff", "latin1");
    expect(prependTraceHeaders(untouched, ["X-A: 1"], "mx.example.com")).toEqual(Buffer.concat([Buffer.from("X-A: 1\r\n"), untouched]));
    const lastRemoved = Buffer.from("Subject: x\nAuthentication-Results: mx.example.com; x\n\nbody", "latin1");
    expect(prependTraceHeaders(lastRemoved, ["X-A: 1"], "mx.example.com").toString()).toBe("X-A: 1\r\nSubject: x\n\nbody");
  });
});
