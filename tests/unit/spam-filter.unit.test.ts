// The spam filter's pure parts: the child rspamd's configuration, what it is
// told of a sender's authentication, the settings read from the environment, sender list matching and the header
// fields a mailbox's copy carries.
import { describe, expect, it } from "vitest";
import { fromHeaderAddress } from "@/server/message-format/from-header-address";
import { senderStanding } from "@/server/services/mailboxes/sender-lists";
import { spamHeaders } from "@/server/services/mailbox-delivery/spam-headers";
import { renderSpamSieve } from "@/server/mail-store/dovecot/spam-sieve";
import { authenticationHeaders } from "@/server/spam-filter/check-message";
import { INTERNET_MODULES, renderRspamdFiles } from "@/server/spam-filter/rspamd-config";
import { rspamdEnvProblems, rspamdSettings } from "@/server/spam-filter/rspamd-env";
import { updateMailboxSpamSettingsBody } from "@/shared/schemas/mailbox-spam";

const raw = { RSPAMD: "auto" as const, RSPAMD_UNAVAILABLE: "accept" as const, RSPAMD_TIMEOUT_MS: 5000 };

describe("the child rspamd's configuration", () => {
  const files = renderRspamdFiles({
    normalPort: 41333,
    controllerPort: 41334,
    dnsServers: ["127.0.0.1:5300", "[::1]:53"],
    controllerPassword: "pw",
    redis: null,
  });

  it("binds its workers to loopback on the ports given and runs no proxy or fuzzy worker", () => {
    expect(files["override.d/worker-normal.inc"]).toContain('bind_socket = "127.0.0.1:41333";');
    expect(files["override.d/worker-controller.inc"]).toContain('bind_socket = "127.0.0.1:41334";');
    expect(files["override.d/worker-proxy.inc"]).toBe("count = -1;\n");
    expect(files["override.d/worker-fuzzy.inc"]).toBe("count = -1;\n");
  });

  it("asks DNS_SERVERS with short timeouts and turns off the modules that need the Internet", () => {
    expect(files["local.d/options.inc"]).toContain('nameserver = ["127.0.0.1:5300", "[::1]:53"];');
    expect(files["local.d/options.inc"]).toMatch(/timeout = 0\.3s;\n {2}retransmits = 1;/);
    for (const module of ["rbl", "fuzzy_check", "phishing", "rspamd_update"]) expect(INTERNET_MODULES).toContain(module);
    for (const module of INTERNET_MODULES) expect(files[`local.d/${module}.conf`]).toBe("enabled = false;\n");
  });

  it("takes the MX's SPF, DKIM and DMARC results from the request (http_headers) instead of looking them up", () => {
    expect(files["local.d/http_headers.conf"]).toBe("enabled = true;\n");
  });

  it("uses the system's resolvers when DNS_SERVERS is not set", () => {
    expect(
      renderRspamdFiles({ normalPort: 1, controllerPort: 2, dnsServers: [], controllerPassword: "pw", redis: null })["local.d/options.inc"],
    ).not.toContain("nameserver");
  });
});

describe("what rspamd is told of the sender's authentication", () => {
  const json = (headers: Record<string, string>) =>
    Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, JSON.parse(value)]));

  it("says pass for a sender that passed every check, one DKIM result per signature", () => {
    const headers = authenticationHeaders({
      spf: "pass",
      dkim: [
        { domain: "sender.example", result: "pass" },
        { domain: "esp.example", result: "fail" },
      ],
      dmarc: "pass",
      dmarcPolicy: "reject",
    });
    expect(json(headers)).toEqual({
      SPF: { result: "pass" },
      DKIM: {
        results: [
          { result: "pass", domain: "sender.example" },
          { result: "fail", domain: "esp.example" },
        ],
      },
      DMARC: { result: "pass" },
    });
  });

  it("names a DMARC failure by the policy it would meet, and an unsigned message as no DKIM", () => {
    const failing = (dmarcPolicy: string | null) =>
      json(authenticationHeaders({ spf: "fail", dkim: [], dmarc: "fail", dmarcPolicy })).DMARC;
    expect(failing("reject")).toEqual({ result: "reject" });
    expect(failing("quarantine")).toEqual({ result: "quarantine" });
    expect(failing("none")).toEqual({ result: "softfail" });
    expect(json(authenticationHeaders({ spf: "none", dkim: [], dmarc: "none", dmarcPolicy: null }))).toEqual({
      SPF: { result: "na" },
      DKIM: { result: "na" },
      DMARC: { result: "na" },
    });
  });

  it("maps errors to rspamd's words, leaves out what it has none for, and keeps a hostile domain to printable ASCII", () => {
    const headers = authenticationHeaders({
      spf: "temperror",
      dkim: [
        { domain: "bad\r\nSPF: {result: pass}", result: "permerror" },
        { domain: "x.example", result: "neutral" },
        { domain: "тест.example", result: "pass" },
      ],
      dmarc: "temperror",
      dmarcPolicy: null,
    });
    expect(headers.SPF).toBeUndefined();
    expect(json(headers)).toEqual({
      DKIM: {
        results: [
          { result: "permfail", domain: "badSPF:{result:pass}" },
          { result: "pass", domain: ".example" },
        ],
      },
      DMARC: { result: "tempfail" },
    });
    // fetch refuses a header value outside Latin-1, and a line break would end the header.
    for (const value of Object.values(headers)) expect(value).toMatch(/^[\x20-\x7e]+$/);
  });
});

describe("RSPAMD settings", () => {
  it("gives DNS_SERVERS a port rspamd reads and needs RSPAMD_URL only for external", () => {
    expect(rspamdSettings({ ...raw, DNS_SERVERS: ["10.0.0.1", "10.0.0.2:5353", "2001:db8::1"] }).dnsServers).toEqual([
      "10.0.0.1:53",
      "10.0.0.2:5353",
      "[2001:db8::1]:53",
    ]);
    expect(rspamdEnvProblems({ ...raw, RSPAMD: "external" })).toEqual(["RSPAMD_URL: required when RSPAMD=external (http://host:port)"]);
    expect(rspamdEnvProblems({ ...raw, RSPAMD_URL: "http://127.0.0.1:11333" })).toEqual(["RSPAMD_URL: only read with RSPAMD=external"]);
    expect(rspamdSettings({ ...raw, RSPAMD: "external", RSPAMD_URL: "http://10.0.0.5:11333" }).url).toBe("http://10.0.0.5:11333");
  });
});

describe("allow and block lists", () => {
  const none = { allow: [], block: [] };
  const blocking = (block: string[]) => ({ allow: [], block, domain: none });

  it("match an address exactly, and a domain entry its subdomains too", () => {
    expect(senderStanding(blocking(["ann@example.org"]), ["ann@example.org"])).toBe("blocked");
    expect(senderStanding(blocking(["ann@example.org"]), ["bob@example.org"])).toBeNull();
    expect(senderStanding(blocking(["@example.org"]), ["bob@mail.example.org"])).toBe("blocked");
    expect(senderStanding(blocking(["@example.org"]), ["bob@notexample.org"])).toBeNull();
  });

  it("read the mailbox's own lists before its domain's, and block before allow within one owner", () => {
    const domain = { allow: ["@partner.example"], block: ["@pest.example"] };
    expect(senderStanding({ allow: [], block: [], domain }, ["eve@pest.example"])).toBe("blocked");
    expect(senderStanding({ allow: [], block: [], domain }, ["ann@partner.example"])).toBe("allowed");
    // The mailbox's own entries win over the domain's either way.
    expect(senderStanding({ allow: ["joe@pest.example"], block: [], domain }, ["joe@pest.example"])).toBe("allowed");
    expect(senderStanding({ allow: [], block: ["@partner.example"], domain }, ["ann@partner.example"])).toBe("blocked");
    expect(senderStanding({ allow: ["@x.example"], block: ["@x.example"], domain: none }, ["a@x.example"])).toBe("blocked");
    // Any of the senders (envelope and From) counts.
    expect(senderStanding({ allow: [], block: [], domain }, ["bounce@example.net", "eve@pest.example"])).toBe("blocked");
  });

  it("read the From address the way mail clients show it: display name, folded line, case", () => {
    const message = (header: string) => Buffer.from(`${header}\r\nSubject: hi\r\n\r\nbody\r\n`);
    expect(fromHeaderAddress(message('From: "Ann, Sales" <Ann@Example.ORG>'))).toBe("ann@example.org");
    expect(fromHeaderAddress(message("From: Ann\r\n <ann@example.org>"))).toBe("ann@example.org");
    expect(fromHeaderAddress(message("Sender: bob@example.org"))).toBeNull();
    // A From field in the body is not the header's.
    expect(fromHeaderAddress(Buffer.from("Subject: hi\r\n\r\nFrom: eve@example.org\r\n"))).toBeNull();
  });

  it("are normalised and checked by the API schema", () => {
    expect(updateMailboxSpamSettingsBody.parse({ allow: ["@Example.ORG", "@example.org"] })).toEqual({
      action: "junk",
      allow: ["@example.org"],
      block: [],
    });
    expect(updateMailboxSpamSettingsBody.safeParse({ block: ["@"] }).success).toBe(false);
  });
});

describe("what a mailbox's copy carries", () => {
  const verdict = {
    action: "add header" as const,
    score: 8.4,
    requiredScore: 15,
    symbols: [{ name: "TEST", score: 8 }],
    message: null,
  };

  it("marks spam, and only a junk mailbox's copy carries the Junk marker the Sieve step reads", () => {
    expect(spamHeaders({ kind: "scored", verdict, isSpam: true, junk: true })).toEqual([
      "X-Spam: Yes",
      "X-Spam-Status: Yes, score=8.40 required=15.00 action=add header",
      "X-Spam-Symbols: TEST(8.00)",
      "X-Spam-Folder: Junk",
    ]);
    expect(spamHeaders({ kind: "scored", verdict, isSpam: true, junk: false })).not.toContain("X-Spam-Folder: Junk");
    expect(spamHeaders({ kind: "unchecked" })).toEqual(["X-Spam-Status: Unchecked (the spam filter was unavailable)"]);
    expect(renderSpamSieve()).toContain('if header :is "X-Spam-Folder" "Junk" {\n  fileinto :create "Junk";\n  stop;\n}');
  });
});
