// The test sender over SMTP, as docs/smtp.md tells a newcomer to try it: the
// doc's own swaks command and nodemailer script, and a recipient other than
// the account's address refused at RCPT TO with the API's reason.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { sendMessage } from "@/shared/api/endpoints/messages";
import { call } from "../support/api-client";
import { createAccount, type TestAccount, uniqueEmail } from "../support/factories";
import { newApiKey } from "../support/sending";
import { verifiedDomain } from "../support/domains";
import { confirmAddress } from "../support/confirm-address";

const TEST_SENDER = "onboarding@localhost";
const smtpDoc = () => readFileSync("docs/smtp.md", "utf8");

/** The doc's commands for a development server, pointed at the test server's port and data directory. */
const forTestServer = (text: string) =>
  text
    .replaceAll("2587", String(inject("submission").port))
    .replaceAll("2465", String(inject("submission").securePort))
    .replaceAll(".data/mail-tls/", `${path.join(inject("serverDataDir"), "mail-tls")}/`);

function run(command: string, args: string[], env: Record<string, string>) {
  const result = spawnSync(command, args, { encoding: "utf8", timeout: 30_000, env: { ...process.env, ...env } });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

let account: TestAccount;
let key: string;

beforeAll(async () => {
  account = await createAccount();
  await confirmAddress(account);
  key = (await newApiKey(account, { scope: "sending" })).secret;
});

describe("the test sender over SMTP", () => {
  it("refuses another recipient at RCPT TO with the API's reason, before any DATA (swaks)", async () => {
    const other = uniqueEmail("someone-else");
    const api = await call(sendMessage, {
      token: key,
      body: { from: `Onboarding <${TEST_SENDER}>`, to: other, subject: "Hello", text: "It works." },
    });
    expect(api.status).toBe(403);

    const { output } = run(
      "swaks",
      ["--server", "127.0.0.1", "--port", String(inject("submission").port), "--timeout", "20", "--tls"].concat([
        "--auth-user",
        "apikey",
        "--auth-password",
        key,
        "--from",
        TEST_SENDER,
        "--to",
        other,
      ]),
      {},
    );
    // swaks marks what it sends "->" ("~>" inside TLS) and an error reply "<**" ("<~*").
    const lines = output.split("\n").map((line) => line.trim());
    const rcpt = lines.findIndex((line) => /^[-~]> RCPT TO:</.test(line) && line.includes(other));
    expect(rcpt, output).toBeGreaterThan(-1);
    expect(lines[rcpt + 1]?.replace(/^<[~*]\* /, "")).toBe(`553 5.7.1 Not allowed with the test sender: ${api.body.message}`);
    expect(
      lines.some((line) => /^[-~]> DATA$/.test(line)),
      output,
    ).toBe(false);
  });

  it("refuses a test-sender From header to someone else at DATA, with the same reason (nodemailer)", async () => {
    // MAIL FROM on a verified domain of the account passes MAIL and RCPT; the From header is the test sender's.
    const domain = (await verifiedDomain(account, "test-sender-smtp")).name;
    const other = uniqueEmail("someone-else");
    const transport = nodemailer.createTransport({
      host: "127.0.0.1",
      port: inject("submission").port,
      requireTLS: true,
      auth: { user: "apikey", pass: key },
      tls: { ca: readFileSync(path.join(inject("serverDataDir"), "mail-tls", "localhost.crt")), servername: "localhost" },
    });
    const sending = transport.sendMail({
      from: `Onboarding <${TEST_SENDER}>`,
      to: other,
      envelope: { from: `bounces@${domain}`, to: [other] },
      subject: "Hello",
      text: "It works.",
    });
    await expect(sending).rejects.toMatchObject({
      responseCode: 553,
      response: expect.stringContaining(
        `5.7.1 Not allowed with the test sender: The test sender only sends to your own address (${account.email})`,
      ),
    });
  });

  it("sends to the account's own address with the doc's swaks command", () => {
    const line = /^swaks [\s\S]*?--body '[^']*'$/m.exec(smtpDoc())?.[0];
    expect(line, "docs/smtp.md has a swaks command").toBeTruthy();
    const { status, output } = run("bash", ["-c", forTestServer(line!)], { KEY: key, ME: account.email });
    expect(status, output).toBe(0);
    expect(output).toMatch(/<[-~] +250 2\.0\.0 Ok: queued as msg_/);
  });

  it("sends to the account's own address with the doc's nodemailer script", () => {
    const script = /```js\n([\s\S]*?)```/.exec(smtpDoc())?.[1];
    expect(script, "docs/smtp.md has a nodemailer script").toBeTruthy();
    expect(script!.trim().split("\n").length).toBeLessThanOrEqual(12);
    // Saved inside the repository, so `import "nodemailer"` resolves as in a project that installed it.
    const directory = path.resolve(".test-data", "smtp-doc");
    mkdirSync(directory, { recursive: true });
    const file = path.join(directory, `send-${Date.now()}.mjs`);
    writeFileSync(file, forTestServer(script!));
    const { status, output } = run(process.execPath, [file], { KEY: key, ME: account.email });
    expect(status, output).toBe(0);
    expect(output).toMatch(/^250 2\.0\.0 Ok: queued as msg_/m);
  });

  it("answers the doc's openssl s_client commands over STARTTLS and implicit TLS", () => {
    const commands = smtpDoc().match(/^openssl s_client .*$/gm) ?? [];
    expect(commands).toHaveLength(2);
    for (const command of commands) {
      // Typed a moment after the handshake, as a person would (the server refuses a client that talks before its greeting).
      const { output } = run("bash", ["-c", `(sleep 1; printf 'EHLO client.test\\nQUIT\\n') | ${forTestServer(command)}`], {});
      expect(output, command).toMatch(/^250-localhost/m);
      expect(output, command).toMatch(/^250[- ]AUTH PLAIN LOGIN/m);
      expect(output, command).toMatch(/^221 /m);
    }
  });
});
