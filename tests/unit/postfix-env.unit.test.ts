// POSTFIX, POSTFIX_URL and OUTBOUND_SMTP_PORT as parseEnv reads them, and the
// route a customer's message takes without a relay (docs/delivery.md).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "@/server/config/env";
import { dnsPortProblem, port53Address } from "@/server/outbound/postfix/postfix-env";
import { serviceRouteName } from "@/server/outbound/routes";

const tempDir = () => mkdtempSync(path.join(tmpdir(), "ces-postfix-env-"));

function problemsOf(source: Record<string, string>): string[] {
  try {
    parseEnv({ DATA_DIR: tempDir(), ...source });
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  return [];
}

describe("POSTFIX", () => {
  it("is auto by default, delivering to port 25, with no hand-off until the launcher runs the child", () => {
    const { postfix } = parseEnv({ DATA_DIR: tempDir(), POSTFIX: "on" });
    expect(postfix).toEqual({
      mode: "on",
      wantsChild: true,
      handOff: null,
      outboundPort: 25,
      dnsServers: [],
      times: { delayWarning: "4h", queueLifetime: "5d", minimalBackoff: "300s", maximalBackoff: "4000s" },
      presets: true,
      dane: false,
      mtaSts: "auto",
      tlsCaFile: "/etc/ssl/certs/ca-certificates.crt",
      tlsCaFileSet: false,
    });
    expect(parseEnv({ DATA_DIR: tempDir() }).postfix.mode).toBe("auto");
  });

  it("turns provider presets and MTA-STS off, DANE on, and takes another CA bundle; refuses other values", () => {
    const { postfix } = parseEnv({
      DATA_DIR: tempDir(),
      POSTFIX_PRESETS: "off",
      POSTFIX_DANE: "on",
      MTA_STS: "off",
      OUTBOUND_TLS_CA_FILE: "/etc/ces/ca.pem",
    });
    expect(postfix).toMatchObject({ presets: false, dane: true, mtaSts: "off", tlsCaFile: "/etc/ces/ca.pem", tlsCaFileSet: true });
    expect(problemsOf({ POSTFIX_PRESETS: "yes", POSTFIX_DANE: "1", MTA_STS: "on" }).map((problem) => problem.split(":")[0])).toEqual([
      "POSTFIX_PRESETS",
      "POSTFIX_DANE",
      "MTA_STS",
    ]);
  });

  it("takes the retry schedule as Postfix times and refuses anything else", () => {
    const times = {
      POSTFIX_DELAY_WARNING_TIME: "2s",
      POSTFIX_QUEUE_LIFETIME: "30s",
      POSTFIX_MINIMAL_BACKOFF_TIME: "1s",
      POSTFIX_MAXIMAL_BACKOFF_TIME: "4s",
    };
    expect(parseEnv({ DATA_DIR: tempDir(), ...times }).postfix.times).toEqual({
      delayWarning: "2s",
      queueLifetime: "30s",
      minimalBackoff: "1s",
      maximalBackoff: "4s",
    });
    expect(() => parseEnv({ DATA_DIR: tempDir(), POSTFIX_QUEUE_LIFETIME: "5 days" })).toThrow(/POSTFIX_QUEUE_LIFETIME/);
    expect(() => parseEnv({ DATA_DIR: tempDir(), POSTFIX_MINIMAL_BACKOFF_TIME: "1s; smtpd_banner = x" })).toThrow(
      /POSTFIX_MINIMAL_BACKOFF_TIME/,
    );
  });

  it("runs the child with auto in production only: elsewhere mail stays in the dev mailbox unless POSTFIX=on", () => {
    expect(parseEnv({ DATA_DIR: tempDir() }).postfix.wantsChild).toBe(false);
    expect(parseEnv({ DATA_DIR: tempDir(), APP_ENV: "test" }).postfix.wantsChild).toBe(false);
    expect(parseEnv({ DATA_DIR: tempDir(), APP_ENV: "test", POSTFIX: "on" }).postfix.wantsChild).toBe(true);
  });

  it("does not want the child when SMTP_URL names a smart host", () => {
    const { postfix } = parseEnv({ DATA_DIR: tempDir(), POSTFIX: "on", SMTP_URL: "smtp://smarthost.internal:587" });
    expect(postfix.wantsChild).toBe(false);
    expect(postfix.handOff).toBeNull();
  });

  it("hands off to the launcher's child, or to POSTFIX_URL with POSTFIX=external", () => {
    const child = parseEnv({
      DATA_DIR: tempDir(),
      POSTFIX: "on",
      POSTFIX_HANDOFF_SOCKET: "/srv/ces/postfix/queue/private/handoff",
      OUTBOUND_SMTP_PORT: "2526",
    });
    expect(child.postfix).toMatchObject({ mode: "on", handOff: { socket: "/srv/ces/postfix/queue/private/handoff" }, outboundPort: 2526 });
    const external = parseEnv({ DATA_DIR: tempDir(), POSTFIX: "external", POSTFIX_URL: "smtp://mta.internal:10025" });
    expect(external.postfix).toMatchObject({ mode: "external", wantsChild: false, handOff: { url: "smtp://mta.internal:10025" } });
    const off = parseEnv({ DATA_DIR: tempDir(), POSTFIX: "off", POSTFIX_HANDOFF_SOCKET: "/srv/ces/postfix/queue/private/handoff" });
    expect(off.postfix.handOff).toBeNull();
  });

  it("names each bad value", () => {
    expect(problemsOf({ POSTFIX: "sometimes" }).map((problem) => problem.split(":")[0])).toEqual(["POSTFIX"]);
    expect(problemsOf({ POSTFIX: "external" })).toEqual(["POSTFIX_URL: required when POSTFIX=external (smtp://host:port)"]);
    expect(problemsOf({ POSTFIX_URL: "smtp://mta.internal:25" })).toEqual(["POSTFIX_URL: only read with POSTFIX=external"]);
    expect(problemsOf({ POSTFIX: "external", POSTFIX_URL: "http://mta.internal" }).map((problem) => problem.split(":")[0])).toEqual([
      "POSTFIX_URL",
    ]);
    expect(problemsOf({ OUTBOUND_SMTP_PORT: "0" }).map((problem) => problem.split(":")[0])).toEqual(["OUTBOUND_SMTP_PORT"]);
    expect(problemsOf({ OUTBOUND_SMTP_PORT: "70000" }).map((problem) => problem.split(":")[0])).toEqual(["OUTBOUND_SMTP_PORT"]);
  });

  it("gives Postfix the DNS_SERVERS it can ask (port 53), and refuses another port when it is about to run", () => {
    const { postfix } = parseEnv({ DATA_DIR: tempDir(), DNS_SERVERS: "192.0.2.53, 127.0.0.9:53, [2001:db8::53]:53, 2001:db8::54" });
    expect(postfix.dnsServers).toEqual(["192.0.2.53", "127.0.0.9", "2001:db8::53", "2001:db8::54"]);
    expect(port53Address("127.0.0.1:5353")).toBeNull();
    expect(dnsPortProblem(["192.0.2.53", "127.0.0.1:5353", "[::1]:5300"])).toBe(
      "DNS_SERVERS: Postfix asks DNS on port 53 only; remove the port from 127.0.0.1:5353, [::1]:5300, or set POSTFIX=off",
    );
    expect(dnsPortProblem(["192.0.2.53:53"])).toBeNull();
    expect(dnsPortProblem(undefined)).toBeNull();
  });
});

describe("EMAIL_TRANSPORT=outbound", () => {
  const production = { APP_ENV: "production", MAIL_HOSTNAME: "mx.example.com", APP_URL: "https://mail.example.com" };
  const transportOf = (source: Record<string, string>) => parseEnv({ DATA_DIR: tempDir(), ...production, ...source }).emailTransport;
  const transportProblems = (source: Record<string, string>) =>
    problemsOf({ ...production, ...source }).filter((problem) => problem.startsWith("EMAIL_TRANSPORT"));

  it("is production's default when Postfix takes mail and no other transport is set", () => {
    const settings = {
      AUTH_SECRET: "s".repeat(40),
      ENCRYPTION_KEY: "a".repeat(64),
      MAIL_TLS_CERT_FILE: "/etc/ces/mail-cert.pem",
      MAIL_TLS_KEY_FILE: "/etc/ces/mail-key.pem",
    };
    expect(transportOf(settings)).toBe("outbound");
    expect(transportOf({ ...settings, POSTFIX: "external", POSTFIX_URL: "smtp://mta.internal:10025" })).toBe("outbound");
    expect(transportProblems({ POSTFIX: "off" })).toEqual([
      "EMAIL_TRANSPORT: production needs resend (RESEND_API_KEY), smtp (SMTP_URL) or outbound (Postfix)",
    ]);
    expect(transportProblems({ RESEND_API_KEY: "re_x" })).toHaveLength(1);
    expect(transportProblems({ EMAIL_TRANSPORT: "file" })).toHaveLength(1);
    // Outside production the dev mailbox stays the default, Postfix or not.
    expect(parseEnv({ DATA_DIR: tempDir(), POSTFIX: "on" }).emailTransport).toBe("file");
  });

  it("is refused where no Postfix takes mail, saying why", () => {
    expect(problemsOf({ EMAIL_TRANSPORT: "outbound" })).toEqual([
      "EMAIL_TRANSPORT=outbound hands the service's emails to Postfix, which does not take mail here: outside production POSTFIX=auto runs none (set POSTFIX=on or external)",
    ]);
    expect(problemsOf({ EMAIL_TRANSPORT: "outbound", POSTFIX: "off" })[0]).toMatch(/POSTFIX=off$/);
    expect(problemsOf({ EMAIL_TRANSPORT: "outbound", POSTFIX: "on", SMTP_URL: "smtp://smarthost.internal:587" })[0]).toMatch(
      /SMTP_URL is set/,
    );
    expect(problemsOf({ EMAIL_TRANSPORT: "outbound", POSTFIX: "on" })).toEqual([]);
  });
});

describe("the service route (no relay)", () => {
  it("is the smart host when SMTP_URL is set, else Postfix when it takes hand-offs, else the email transport", () => {
    const route = (source: Record<string, string>) => serviceRouteName(parseEnv({ DATA_DIR: tempDir(), ...source }));
    expect(route({ SMTP_URL: "smtp://smarthost.internal:587", POSTFIX: "external", POSTFIX_URL: "smtp://mta.internal:25" })).toBe(
      "smart-host",
    );
    expect(route({ POSTFIX: "on", POSTFIX_HANDOFF_SOCKET: "/srv/ces/postfix/queue/private/handoff" })).toBe("postfix");
    expect(route({ POSTFIX_HANDOFF_SOCKET: "/srv/ces/postfix/queue/private/handoff" })).toBe("transport");
    expect(route({ POSTFIX: "external", POSTFIX_URL: "smtp://mta.internal:25" })).toBe("postfix");
    expect(route({})).toBe("transport");
    expect(route({ POSTFIX: "off" })).toBe("transport");
  });
});
