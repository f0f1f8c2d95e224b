// The README's "Send your first email" block, run exactly as written (bash,
// curl and node, nothing else) against a server started as `npm start` starts
// it: embedded database, the file transport and its dev mailbox, Dovecot as a
// child process. Then what `npm start` printed: its own lines, no noise.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freeLoopbackPort } from "@/server/engines/free-port";
import { runBash, shBlock } from "../support/doc-blocks";
import { startTestServer, type TestServer } from "../support/test-server";

const readmeBlock = (heading: string) => shBlock("README.md", heading);

let server: TestServer;

beforeAll(async () => {
  // Dovecot on ports of its own (the defaults would collide with a development server).
  // A process group of its own, so the test can press Ctrl-C as a terminal does (SIGINT to the whole group).
  server = await startTestServer({
    label: "readme",
    detached: true,
    env: { DOVECOT: "auto", IMAP_PORT: String(await freeLoopbackPort()), POP3_PORT: "0", LMTP_PORT: String(await freeLoopbackPort()) },
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe("README: Send your first email", () => {
  it("needs no jq and no code typed by hand", () => {
    const block = readmeBlock("Send your first email");
    expect(block).not.toMatch(/\bjq\b/);
    expect(block).not.toContain("123456");
  });

  it("runs as pasted: the code comes from the dev mailbox, the send answers 201 and the message reaches sent", async () => {
    const block = readmeBlock("Send your first email");
    const { status, stdout, stderr } = await runBash(block, { APP: server.baseUrl });
    const output = `${stdout}\n${stderr}`;
    expect(status, output).toBe(0);
    expect(stdout, output).toMatch(/^code: \d{6}$/m);
    expect(stdout, output).toMatch(/"status":"queued"/);
    expect(stdout, output).toMatch(/^HTTP 201$/m);
    expect(stdout, output).toMatch(/^status: sent$/m);
  }, 90_000);
});

describe("npm start's own output", () => {
  it("prints its human lines until ready, and stops on Ctrl-C without a warning", async () => {
    process.kill(-server.pid, "SIGINT");
    expect(await server.exited).toBe(0);
    await server.stop();
    await new Promise((resolve) => setTimeout(resolve, 300)); // the log file's last writes
    const lines = readFileSync(server.logFile, "utf8").split("\n");
    const ready = lines.findIndex((line) => line.startsWith("ready on "));
    expect(ready, lines.join("\n")).toBeGreaterThan(0);
    const startLines = lines.slice(0, ready);
    expect(
      startLines.some((line) => line.startsWith("mail storage: Dovecot IMAP on 127.0.0.1:")),
      startLines.join("\n"),
    ).toBe(true);
    expect(startLines.filter((line) => line.includes('"component":"dovecot"'))).toEqual([]);
    // Dovecot says "Killed with signal 15" when we stop it: expected, so not shown.
    const dovecotWarnings = (line: string) => line.includes('"component":"dovecot"') && /"level":(40|50|60)/.test(line);
    expect(lines.filter((line) => /Killed with signal/.test(line) || dovecotWarnings(line))).toEqual([]);
    expect(lines).toContain("stopped");
  }, 60_000);
});

describe("a launcher killed outright", () => {
  it("takes its Dovecot with it, though Dovecot has a process group of its own", async () => {
    const killed = await startTestServer({
      label: "readme-killed",
      detached: true,
      env: { DOVECOT: "auto", IMAP_PORT: "0", POP3_PORT: "0", LMTP_PORT: String(await freeLoopbackPort()) },
    });
    const pidFile = path.join(killed.dataDir, "dovecot", "run", "master.pid");
    const deadline = Date.now() + 15_000;
    while (!existsSync(pidFile) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    const master = Number(readFileSync(pidFile, "utf8").trim());
    process.kill(-killed.pid, "SIGKILL");
    await killed.exited;
    const alive = () => {
      try {
        process.kill(master, 0);
        return true;
      } catch {
        return false;
      }
    };
    const gone = Date.now() + 10_000;
    while (alive() && Date.now() < gone) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(alive(), `Dovecot master ${master} outlived its launcher`).toBe(false);
    await killed.stop();
  }, 60_000);
});
