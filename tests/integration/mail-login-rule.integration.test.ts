// Who may log in to a mailbox is one rule for every door (docs/mailboxes.md,
// "Who may log in"): an account scheduled for deletion reaches its mailboxes
// through no mail client, SMTP submission, IMAP or POP3 alike, and gets them
// back when the deletion is canceled. Real listeners and the real Dovecot
// child; each login comes from a loopback address of its own, so the refusals
// here never count against another test's client.
import { afterAll, describe, expect, inject, it, vi } from "vitest";
import { login } from "@/shared/api/endpoints/auth";
import { cancelAccountDeletion, deleteAccount } from "@/shared/api/endpoints/settings";
import { call } from "../support/api-client";
import { loopbackClientAddresses } from "../support/client-addresses";
import { createAccount } from "../support/factories";
import { imapLogin, pop3Login, smtpLogin } from "../support/mail-logins";
import { ownedDomain } from "../support/domains";
import { newMailbox } from "../support/hosted-mailboxes";

// A refused Dovecot login costs its auth_failure_delay (2 s).
vi.setConfig({ testTimeout: 60_000 });

const clients = loopbackClientAddresses();
const newClientAddress = clients.next;

afterAll(async () => {
  await clients.forget();
});

async function doors(address: string, password: string) {
  return {
    smtp: await smtpLogin(inject("submission").port, newClientAddress(), address, password),
    imap: await imapLogin(inject("mailStore").imapPort, newClientAddress(), address, password),
    pop3: await pop3Login(inject("mailStore").pop3Port, newClientAddress(), address, password),
  };
}

describe("an account scheduled for deletion", () => {
  it("logs in to its mailboxes through no door until the deletion is canceled", async () => {
    const account = await createAccount();
    const mailbox = await newMailbox(account, await ownedDomain(account, "leaving"));
    expect(await doors(mailbox.address, mailbox.password)).toEqual({ smtp: 235, imap: true, pop3: true });

    expect((await call(deleteAccount, { token: account.accessToken })).status).toBe(200);
    expect(await doors(mailbox.address, mailbox.password)).toEqual({ smtp: 535, imap: false, pop3: false });

    const back = await call(login, { body: { email: account.email, password: account.password } });
    expect((await call(cancelAccountDeletion, { token: back.body.data.accessToken })).status).toBe(200);
    expect(await doors(mailbox.address, mailbox.password)).toEqual({ smtp: 235, imap: true, pop3: true });
  });
});
