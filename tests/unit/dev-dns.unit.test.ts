// The development DNS exists outside production only: in production it is
// neither configured (DEV_DNS_PORT is refused) nor started, whatever the
// settings say; elsewhere it is on by default unless DNS_SERVERS is given.
import dgram from "node:dgram";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startDevDns } from "@/server/launcher/start-dev-dns";
import { EnvError, parseEnv } from "@/server/config/env";
import { freeLoopbackPort } from "@/server/engines/free-port";

const production = {
  APP_ENV: "production",
  DATA_DIR: path.join(tmpdir(), "ces-dev-dns-never-created"),
  APP_URL: "https://mail.example.com",
  MAIL_HOSTNAME: "mx.example.com",
  AUTH_SECRET: "s".repeat(40),
  ENCRYPTION_KEY: "a".repeat(64),
  EMAIL_TRANSPORT: "smtp",
  SMTP_URL: "smtp://smtp.example.com:587",
  MAIL_TLS_CERT_FILE: "/etc/ces/mail-cert.pem",
  MAIL_TLS_KEY_FILE: "/etc/ces/mail-key.pem",
};

const development = (extra: Record<string, string> = {}) =>
  parseEnv({ APP_ENV: "development", DATA_DIR: mkdtempSync(path.join(tmpdir(), "ces-dev-dns-")), ...extra });

/** Whether nothing listens on the UDP port (we can take it ourselves). */
async function udpPortIsFree(port: number): Promise<boolean> {
  const socket = dgram.createSocket("udp4");
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once("error", reject);
      socket.bind(port, "127.0.0.1", () => resolve());
    });
    return true;
  } catch {
    return false;
  } finally {
    socket.close();
  }
}

describe("the development DNS's settings", () => {
  it("is on at 127.0.0.1:1053 outside production, and asked first by domain checks and the MX", () => {
    expect(development().devDns).toEqual({ host: "127.0.0.1", port: 1053, servesLookups: true });
    expect(development({ DEV_DNS_PORT: "1153" }).devDns).toEqual({ host: "127.0.0.1", port: 1153, servesLookups: true });
    expect(development({ DEV_DNS_PORT: "0" }).devDns).toBeNull();
  });

  it("yields to an explicit DNS_SERVERS: off by default, and never asked when DEV_DNS_PORT starts it anyway", () => {
    expect(development({ DNS_SERVERS: "127.0.0.1:5300" }).devDns).toBeNull();
    expect(development({ DNS_SERVERS: "127.0.0.1:5300", DEV_DNS_PORT: "1053" }).devDns).toEqual({
      host: "127.0.0.1",
      port: 1053,
      servesLookups: false,
    });
  });
});

describe("the development DNS in production", () => {
  it("is absent from the configuration, and DEV_DNS_PORT is refused", () => {
    expect(parseEnv(production).devDns).toBeNull();
    expect(() => parseEnv({ ...production, DEV_DNS_PORT: "1053" })).toThrow(EnvError);
    try {
      parseEnv({ ...production, DEV_DNS_PORT: "1053" });
    } catch (error) {
      expect((error as EnvError).problems).toContain("DEV_DNS_PORT: the development DNS is refused in production");
    }
    expect(parseEnv({ ...production, DEV_DNS_PORT: "0" }).devDns).toBeNull();
  });

  it("is not started by the launcher's call even when settings name a port", async () => {
    const port = await freeLoopbackPort();
    const config = { ...parseEnv(production), devDns: { host: "127.0.0.1" as const, port, servesLookups: true } };
    const started = await startDevDns(config);
    expect(started.address).toBeNull();
    expect(await udpPortIsFree(port)).toBe(true);
    await started.stop();
  });

  it("is started outside production on the port it is given", async () => {
    const port = await freeLoopbackPort();
    const started = await startDevDns(development({ DEV_DNS_PORT: String(port) }));
    try {
      expect(started.address).toBe(`127.0.0.1:${port}`);
      expect(await udpPortIsFree(port)).toBe(false);
    } finally {
      await started.stop();
    }
  });
});
