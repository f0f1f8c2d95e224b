// docs/mailboxes.md's "From sign-up to a mailbox on your machine" block, run
// as written (bash, curl, jq, swaks) against a server started as the README's
// quick start starts it, with the development DNS answering: twice, as a
// second paste runs it, and once against a dead MX, which must fail loudly.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freeLoopbackPort } from "@/server/engines/free-port";
import { runBash, shBlock } from "../support/doc-blocks";
import { startTestServer, type TestServer } from "../support/test-server";

const HEADING = "From sign-up to a mailbox on your machine";
let server: TestServer;
const ports = { mx: 0, imap: 0 };

beforeAll(async () => {
  Object.assign(ports, { mx: await freeLoopbackPort(), imap: await freeLoopbackPort() });
  server = await startTestServer({
    label: "mailboxes-block",
    env: {
      // As on a newcomer's machine: no DNS_SERVERS (empty is unset), the development DNS on.
      DNS_SERVERS: "",
      DEV_DNS_PORT: String(await freeLoopbackPort()),
      MX_PORT: String(ports.mx),
      DOVECOT: "auto",
      IMAP_PORT: String(ports.imap),
      POP3_PORT: "0",
      LMTP_PORT: String(await freeLoopbackPort()),
    },
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const block = () => shBlock("docs/mailboxes.md", HEADING);
const against = (mxPort: number) => ({ APP: server.baseUrl, MX: `127.0.0.1:${mxPort}`, IMAP: `127.0.0.1:${ports.imap}` });

describe("docs/mailboxes.md: from sign-up to a mailbox", () => {
  it("starts no server of its own: the server runs beside it, as in the README", () => {
    expect(block()).not.toMatch(/npm (start|run)/);
  });

  it("runs as pasted, and again: a new account and domain each time, the message read back over IMAP", async () => {
    const domains: string[] = [];
    for (const paste of [1, 2]) {
      const { status, stdout, stderr, seconds } = await runBash(block(), against(ports.mx));
      const output = `paste ${paste} (${seconds} s)\n${stdout}\n${stderr}`;
      expect(status, output).toBe(0);
      expect(stdout, output).toContain('["verified","verified"]');
      expect(stdout, output).toMatch(/^Subject: Hello\r?$/m);
      expect(stdout, output).toMatch(/^Authentication-Results: [\s\S]*?\bspf=pass\b[\s\S]*?\bdmarc=pass\b/m);
      const received = /^ada@(shop-\d+\.example\.com) received it$/m.exec(stdout);
      expect(received, output).not.toBeNull();
      expect(stderr, output).not.toContain("FAILED");
      domains.push(received![1]!);
    }
    expect(new Set(domains).size).toBe(2);
  }, 120_000);

  it("stops at the step that fails and says so, with a non-zero status", async () => {
    const closed = await freeLoopbackPort();
    const { status, stdout, stderr } = await runBash(block(), against(closed));
    expect(status, `${stdout}\n${stderr}`).not.toBe(0);
    expect(stderr).toMatch(/^FAILED: swaks /m);
    expect(stdout).not.toContain("received it");
  }, 60_000);
});
