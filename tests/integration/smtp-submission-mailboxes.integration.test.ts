// SMTP submission with a hosted mailbox's credentials (nodemailer and swaks):
// its password or an app password allowing smtp, its SMTP switch honoured, and
// only its own address or an alias as the sender (553 5.7.1 otherwise). The
// accepted message takes the sending pipeline like any other.
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { getMessage } from "@/shared/api/endpoints/messages";
import { call } from "../support/api-client";
import { loopbackClientAddresses } from "../support/client-addresses";
import { createAccount, type TestAccount, uniqueEmail } from "../support/factories";
import { newAlias, newAppPassword, newMailbox, type TestMailbox } from "../support/hosted-mailboxes";
import { verifiedDomain } from "../support/domains";
import { queuedId, submissionTransport } from "../support/submission-client";

const port = () => inject("submission").port;
/** Where the logins meant to fail come from. */
const clients = loopbackClientAddresses();
afterAll(() => clients.forget());

let account: TestAccount;
let mailbox: TestMailbox;
let domainName: string;

beforeAll(async () => {
  account = await createAccount();
  const domain = await verifiedDomain(account, "mbxsmtp");
  domainName = domain.name;
  mailbox = await newMailbox(account, domain);
  await newAlias(account, `sales@${domainName}`, [mailbox.address]);
});

describe("SMTP submission with mailbox credentials", () => {
  it("sends as the mailbox with its password; the message is in the pipeline with source smtp", async () => {
    const info = await submissionTransport(mailbox.address, mailbox.password).sendMail({
      from: mailbox.address,
      to: uniqueEmail("reader"),
      subject: "From a hosted mailbox",
      text: "Hello.",
    });
    const id = queuedId(info.response);
    expect(id).toBeTruthy();
    const stored = await call(getMessage, { token: account.accessToken, params: { message_id: id! } });
    expect(stored.status).toBe(200);
    expect(stored.body.data).toMatchObject({ from: mailbox.address, source: "smtp" });
  });

  it("sends as an alias of the mailbox, with an app password that allows smtp (swaks)", async () => {
    const secret = await newAppPassword(account, mailbox.id, ["smtp"]);
    const result = spawnSync(
      "swaks",
      [
        "--server",
        "127.0.0.1",
        "--port",
        String(port()),
        "--timeout",
        "20",
        "--auth",
        "PLAIN",
        "--auth-user",
        mailbox.address,
        "--auth-password",
        secret,
      ].concat(["--from", `sales@${domainName}`, "--to", uniqueEmail("reader"), "--header", "Subject: From the alias"]),
      { encoding: "utf8" },
    );
    expect(result.stdout).toMatch(/<- {2}250 2\.0\.0 Ok: queued as/);
  });

  it("refuses another sender with 553 5.7.1, at MAIL FROM and in the From header", async () => {
    const mailer = submissionTransport(mailbox.address, mailbox.password);
    await expect(mailer.sendMail({ from: `someone-else@${domainName}`, to: uniqueEmail(), subject: "x", text: "x" })).rejects.toMatchObject(
      {
        responseCode: 553,
        response: expect.stringContaining("5.7.1"),
      },
    );
    await expect(
      mailer.sendMail({
        envelope: { from: mailbox.address, to: [uniqueEmail()] },
        from: `someone-else@${domainName}`,
        subject: "x",
        text: "x",
      }),
    ).rejects.toMatchObject({ responseCode: 553 });
  });

  it("refuses an app password without smtp, a wrong password and a mailbox whose SMTP is off (535 5.7.8)", async () => {
    const imapOnly = await newAppPassword(account, mailbox.id, ["imap"]);
    for (const pass of [imapOnly, `${mailbox.password}x`]) {
      await expect(submissionTransport(mailbox.address, pass, clients.next()).verify()).rejects.toMatchObject({ responseCode: 535 });
    }
    const off = await newMailbox(account, { name: domainName }, { switches: { smtpEnabled: false } });
    await expect(submissionTransport(off.address, off.password, clients.next()).verify()).rejects.toMatchObject({
      responseCode: 535,
    });
  });
});
