// A port the service needs that another program already holds (a system
// Dovecot on ManageSieve's 4190, a second checkout's MX): `npm start` stops
// before starting anything and names the variable to change, instead of a
// child engine restarting forever behind a "ready" line.
import { spawn } from "node:child_process";
import dgram from "node:dgram";
import { mkdtempSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freeLoopbackPort } from "@/server/engines/free-port";

/** Runs the launcher as `npm start` does, with every port free but those the test holds; its exit code and output. */
async function start(ports: Record<string, number>): Promise<{ code: number | null; output: string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    APP_ENV: "test",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "ces-busy-port-")),
    PORT: String(await freeLoopbackPort()),
    SUBMISSION_PORT: String(await freeLoopbackPort()),
    SUBMISSIONS_PORT: String(await freeLoopbackPort()),
    MX_PORT: String(await freeLoopbackPort()),
    DOVECOT: "auto",
    IMAP_PORT: String(await freeLoopbackPort()),
    POP3_PORT: String(await freeLoopbackPort()),
    LMTP_PORT: String(await freeLoopbackPort()),
    MANAGESIEVE_PORT: String(await freeLoopbackPort()),
    DEV_DNS_PORT: String(await freeLoopbackPort()),
    LOG_LEVEL: "silent",
    ...Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, String(port)])),
  };
  delete env.DATABASE_URL;
  delete env.DNS_SERVERS;
  const launcher = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  launcher.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  launcher.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => launcher.kill("SIGKILL"), 60_000);
  const code = await new Promise<number | null>((resolve) => launcher.once("exit", (exitCode) => resolve(exitCode)));
  clearTimeout(timer);
  return { code, output };
}

/** A TCP listener on a free loopback port, as another program would hold it. */
async function holdTcp(): Promise<{ port: number; close: () => void }> {
  const port = await freeLoopbackPort();
  const holder = net.createServer();
  await new Promise<void>((resolve) => holder.listen(port, "127.0.0.1", resolve));
  return { port, close: () => holder.close() };
}

describe("a port another program holds", () => {
  it("stops `npm start` before anything starts, naming each taken port and the variable that moves it", async () => {
    const managesieve = await holdTcp();
    const mx = await holdTcp();
    const dns = await freeLoopbackPort();
    const udp = dgram.createSocket("udp4");
    await new Promise<void>((resolve) => udp.bind(dns, "127.0.0.1", resolve));
    try {
      const { code, output } = await start({ MANAGESIEVE_PORT: managesieve.port, MX_PORT: mx.port, DEV_DNS_PORT: dns });
      expect(code, output).toBe(1);
      expect(output).toContain(
        `ManageSieve (Dovecot): 127.0.0.1:${managesieve.port} is already in use by another program; set MANAGESIEVE_PORT=`,
      );
      expect(output).toContain(`MX (inbound SMTP): 127.0.0.1:${mx.port} is already in use by another program; set MX_PORT=`);
      expect(output).toContain(`development DNS: 127.0.0.1:${dns} (UDP) is already in use by another program; set DEV_DNS_PORT=`);
      expect(output).not.toContain("ready on");
      // Before the embedded database or any engine: nothing was started, so nothing has to stop.
      expect(output).not.toContain("embedded PostgreSQL");
    } finally {
      managesieve.close();
      mx.close();
      udp.close();
    }
  }, 90_000);
});
