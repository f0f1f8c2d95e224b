// Password guessing at the mail doors (docs/security.md, "Mail logins"):
// wrong logins over SMTP AUTH, IMAP and POP3 fill one counter per client
// address, counted before the password is looked at, and a mailbox has a
// failure budget of its own that every address draws on. Clients are bare
// sockets from addresses of 127/8 of their own, against the real listeners
// and the real Dovecot child.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { loopbackClientAddresses } from "../support/client-addresses";
import { createAccount } from "../support/factories";
import { imapLogin, pop3Login, smtpLogin } from "../support/mail-logins";
import { storedMailbox, type TestMailbox } from "../support/hosted-mailboxes";
import { eventually, holdsFor } from "../support/poll";
import { verifiedDomain } from "../support/domains";

// A refused Dovecot login costs its auth_failure_delay (2 s) and a growing penalty per address.
vi.setConfig({ testTimeout: 120_000 });

const clients = loopbackClientAddresses();
/** A client address no other test (and no other run) plays. */
const newClientAddress = clients.next;

const imap = (from: string, user: string, pass: string) => imapLogin(inject("mailStore").imapPort, from, user, pass);
const pop3 = (from: string, user: string, pass: string) => pop3Login(inject("mailStore").pop3Port, from, user, pass);

const smtpAuth = (from: string, user: string, pass: string) => smtpLogin(inject("submission").port, from, user, pass);

let owner: { accountId: string; domainId: string; domainName: string };

beforeAll(async () => {
  const account = await createAccount();
  const domain = await verifiedDomain(account, "guess");
  owner = { accountId: account.user.id, domainId: domain.domain_id, domainName: domain.name };
});

afterAll(async () => {
  await clients.forget();
});

describe("wrong mail logins per client address", () => {
  it("counts IMAP, POP3 and SMTP failures together: past 10, the right password is refused at every door", async () => {
    const mailbox = await storedMailbox(owner);
    const guesser = newClientAddress();
    for (let attempt = 0; attempt < 3; attempt += 1) expect(await smtpAuth(guesser, mailbox.address, "wrong-guess")).toBe(535);
    // In parallel, as a guesser would: Dovecot's own penalty slows each connection, not the address.
    const dovecotGuesses = await Promise.all([
      ...Array.from({ length: 4 }, () => imap(guesser, mailbox.address, "wrong-guess")),
      ...Array.from({ length: 3 }, () => pop3(guesser, mailbox.address, "wrong-guess")),
    ]);
    expect(dovecotGuesses).toEqual(Array(7).fill(false));

    expect(await imap(guesser, mailbox.address, mailbox.password)).toBe(false);
    expect(await pop3(guesser, mailbox.address, mailbox.password)).toBe(false);
    expect(await smtpAuth(guesser, mailbox.address, mailbox.password)).toBe(421);
    // The mailbox itself is not locked: another address logs in.
    expect(await imap(newClientAddress(), mailbox.address, mailbox.password)).toBe(true);
  });

  it("takes back the count of a right password, so an owner's logins never add up", async () => {
    const mailbox = await storedMailbox(owner);
    const client = newClientAddress();
    for (let login = 0; login < 12; login += 1) expect(await imap(client, mailbox.address, mailbox.password)).toBe(true);
    expect(await smtpAuth(client, mailbox.address, mailbox.password)).toBe(235);
  });

  it("counts first: of 19 concurrent wrong SMTP logins from one address, exactly 10 are checked", async () => {
    const guesser = newClientAddress();
    const codes = await Promise.all(Array.from({ length: 19 }, () => smtpAuth(guesser, "apikey", "ces_wrong_guess")));
    expect(codes.filter((code) => code === 535)).toHaveLength(10);
    expect(codes.filter((code) => code === 421)).toHaveLength(9);
    // Every credential check that fails is logged with the client's address; refusals before it are logged apart.
    const refusedLines = () =>
      readFileSync(inject("serverLogFile"), "utf8")
        .split("\n")
        .filter((line) => line.includes(`"remoteAddress":"${guesser}"`) && line.includes('"msg":"smtp login refused"'));
    await eventually(refusedLines, (lines) => lines.length >= 10, { timeoutMs: 5_000 });
    await holdsFor(() => refusedLines().length <= 10, 500); // and no more come
    expect(refusedLines()).toHaveLength(10);
  });
});

describe("a mailbox's failure budget", () => {
  let mailbox: TestMailbox;
  let ownersAddress: string;

  beforeAll(async () => {
    mailbox = await storedMailbox(owner);
    ownersAddress = newClientAddress();
    // The owner's client logged in before the guessing started.
    expect(await imap(ownersAddress, mailbox.address, mailbox.password)).toBe(true);
    // 21 addresses, one or two wrong guesses each, over SMTP, IMAP and POP3.
    const guessers = Array.from({ length: 21 }, () => newClientAddress());
    const guesses = await Promise.all(
      guessers.map((from, index) =>
        index % 3 === 0
          ? smtpAuth(from, mailbox.address, `wrong-${index}`).then((code) => code === 235)
          : index % 3 === 1
            ? imap(from, mailbox.address, `wrong-${index}`)
            : pop3(from, mailbox.address, `wrong-${index}`),
      ),
    );
    expect(guesses).toEqual(Array(21).fill(false));
  });

  it("refuses the right password from an address the mailbox was not used from, at every door", async () => {
    expect(await imap(newClientAddress(), mailbox.address, mailbox.password)).toBe(false);
    expect(await pop3(newClientAddress(), mailbox.address, mailbox.password)).toBe(false);
    expect(await smtpAuth(newClientAddress(), mailbox.address, mailbox.password)).toBe(421);
  });

  it("still lets the owner in from the address it logged in from", async () => {
    expect(await imap(ownersAddress, mailbox.address, mailbox.password)).toBe(true);
    expect(await pop3(ownersAddress, mailbox.address, mailbox.password)).toBe(true);
    expect(await smtpAuth(ownersAddress, mailbox.address, mailbox.password)).toBe(235);
  });

  it("leaves other mailboxes alone", async () => {
    const other = await storedMailbox(owner);
    expect(await imap(newClientAddress(), other.address, other.password)).toBe(true);
  });
});
