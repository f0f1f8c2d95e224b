// Sender authentication at the MX within its time budget, against the test
// DNS server: DKIM signatures whose key domains never answer cannot hold the
// checks past the limit (only a few are verified, their keys asked for at
// once), so a forged From of a p=reject domain is refused, not delivered as
// `temperror`. (Checks that still run out of time defer the message:
// tests/unit/mx-authentication-budget.unit.test.ts, with a shorter limit.)
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { dkimSign } from "mailauth/lib/dkim/sign";
import { beforeAll, describe, expect, inject, it, vi } from "vitest";
import { dnsControl } from "../support/dns-server";
import { createAccount } from "../support/factories";
import { newMailbox, imapClient, type TestMailbox } from "../support/hosted-mailboxes";
import { inbox, mxTransaction, short } from "../support/mx-client";
import { verifiedDomain } from "../support/domains";

vi.setConfig({ testTimeout: 90_000 });

const mxPort = () => inject("mxPort");
const tag = () => randomBytes(4).toString("hex");
const dns = () => dnsControl(inject("dnsControlUrl"));
const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 1024 });
const key = privateKey.export({ type: "pkcs8", format: "pem" }).toString();

let box: TestMailbox;

beforeAll(async () => {
  process.env.DATABASE_URL = inject("databaseUrl");
  process.env.LOG_LEVEL = "silent";
  const account = await createAccount();
  const domain = await verifiedDomain(account, "auth");
  box = await newMailbox(account, domain);
});

/** A forged From of `domain`, signed `signatures` times by domains under `keyZone` (whose DNS never answers). */
async function forgedMessage(domain: string, subject: string, signatures: number, keyZone: string): Promise<Buffer> {
  const unsigned = Buffer.from(
    `From: Bank <alerts@${domain}>\r\nTo: ${box.address}\r\nSubject: ${subject}\r\nMessage-ID: <${tag()}@${domain}>\r\nDate: ${new Date().toUTCString()}\r\n\r\nLog in here.\r\n`,
  );
  if (signatures === 0) return unsigned;
  const signed = await dkimSign(unsigned, {
    signingDomain: `k0.${keyZone}`,
    selector: "s0",
    privateKey: key,
    canonicalization: "relaxed/relaxed",
    signatureData: Array.from({ length: signatures }, (_, index) => ({
      signingDomain: `k${index}.${keyZone}`,
      selector: `s${index}`,
      privateKey: key,
    })),
  });
  return Buffer.concat([Buffer.from(signed.signatures), unsigned]);
}

/** A p=reject domain whose SPF fails, and a zone of key domains that never answer. */
async function phishingSetup(policy = "reject") {
  const domain = `bank-${tag()}.example.org`;
  const keyZone = `silent-${tag()}.example`;
  await dns().publish(`_dmarc.${domain}`, "TXT", [`v=DMARC1; p=${policy}`]);
  await dns().publish(domain, "TXT", ["v=spf1 -all"]);
  await dns().fail(keyZone, "drop");
  return { domain, keyZone };
}

async function timed(domain: string, raw: Buffer) {
  const started = Date.now();
  const sent = await mxTransaction(mxPort(), `alerts@${domain}`, [box.address], raw);
  expect(sent.rcpt.map(short)).toEqual(["250 Accepted"]);
  return { reply: short(sent.data), text: sent.data?.text ?? "", seconds: (Date.now() - started) / 1000 };
}

const delivered = async (subject: string) =>
  (await inbox(imapClient(box.address, box.password))).some((message) => message.subject === subject);

describe("DKIM signatures whose key domains never answer", () => {
  it("a forged p=reject From is refused with 550 5.7.1 with one such signature and with five", async () => {
    const { domain, keyZone } = await phishingSetup();
    const one = await timed(domain, await forgedMessage(domain, `One ${tag()}`, 1, keyZone));
    const fiveSubject = `Five ${tag()}`;
    const five = await timed(domain, await forgedMessage(domain, fiveSubject, 5, keyZone));
    console.info(`1 silent signature: ${one.reply} in ${one.seconds.toFixed(1)} s; 5: ${five.reply} in ${five.seconds.toFixed(1)} s`);
    expect(one.reply).toBe("550 5.7.1");
    expect(five.reply).toBe("550 5.7.1");
    expect(five.seconds).toBeLessThan(9);
    expect(await delivered(fiveSubject)).toBe(false);
  });
});
