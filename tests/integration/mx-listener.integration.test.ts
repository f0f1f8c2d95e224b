// The MX listener's limits, on a server of its own with small ones (an idle
// timeout of 2 s, 3 connections and 3 messages a minute per client address):
// it is started by the launcher and logged, an idle client is cut off, and
// the per-address limits answer with their codes.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freeLoopbackPort } from "@/server/engines/free-port";
import { smtpDialogue } from "../support/smtp-dialogue";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
let mxPort: number;

beforeAll(async () => {
  mxPort = await freeLoopbackPort();
  server = await startTestServer({
    label: "mx-listener",
    env: {
      MX_PORT: String(mxPort),
      SMTP_IDLE_TIMEOUT_SECONDS: "2",
      SMTP_MAX_CLIENTS_PER_IP: "3",
      RATE_LIMIT_OVERRIDES: "mxMessagesPerIp=3/60",
    },
  });
}, 120_000);

afterAll(() => server?.stop());

describe("the MX listener", () => {
  it("is started by the launcher, which logs its address", () => {
    expect(readFileSync(server.logFile, "utf8")).toContain(`MX, inbound SMTP (STARTTLS) on 127.0.0.1:${mxPort} (self-signed certificate)`);
  });

  it("cuts off a client that stays idle past the timeout with 421 4.4.2", async () => {
    const dialogue = smtpDialogue(mxPort);
    expect((await dialogue.greeting).code).toBe(220);
    const started = Date.now();
    expect(await dialogue.send("EHLO slow.test\r\n")).toMatchObject({ code: 250 });
    // Then nothing: the next reply is the server's.
    expect(await dialogue.send("")).toEqual({ code: 421, text: "4.4.2 Idle too long; closing the connection" });
    await dialogue.closed;
    expect(Date.now() - started).toBeLessThan(8_000);
  });

  it("refuses a client's fourth message within the minute at MAIL FROM with 451 4.7.1", async () => {
    const dialogue = smtpDialogue(mxPort);
    await dialogue.greeting;
    await dialogue.send("EHLO busy.test\r\n");
    for (let message = 0; message < 3; message++) {
      expect((await dialogue.send("MAIL FROM:<>\r\n")).code).toBe(250);
      expect((await dialogue.send("RSET\r\n")).code).toBe(250);
    }
    expect(await dialogue.send("MAIL FROM:<>\r\n")).toEqual({
      code: 451,
      text: "4.7.1 Too many messages from your address; try again later",
    });
    dialogue.end();
    await dialogue.closed;
  });

  it("refuses a fourth simultaneous connection from one address with 421 4.7.0", async () => {
    const open = [smtpDialogue(mxPort), smtpDialogue(mxPort), smtpDialogue(mxPort)];
    for (const dialogue of open) expect((await dialogue.greeting).code).toBe(220);
    const fourth = smtpDialogue(mxPort);
    expect(await fourth.greeting).toEqual({ code: 421, text: "4.7.0 Too many connections from your address; try again later" });
    await fourth.closed;
    for (const dialogue of open) dialogue.end();
  });
});
