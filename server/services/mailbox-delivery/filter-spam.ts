// The screening step of mailbox delivery (docs/spam-and-rules.md): each
// mailbox's block list (or its domain's) refuses its sender, an allow list or
// `off` skips filtering, and for the others rspamd is asked once per account
// (each account's Bayes statistics score its own mailboxes' copies). reject →
// 550 5.7.1 with rspamd's text (no copy for those mailboxes); soft reject or
// greylist → 451 4.7.1 for the transaction; add header / rewrite subject →
// spam (Junk or tagged, per mailbox). rspamd unavailable → unchecked copies,
// or 451 with RSPAMD_UNAVAILABLE=defer. That is mail from the Internet (the
// MX). Our own customer's message on the hosted route is screened by its From
// address against the block lists only: its envelope sender is our own return
// path, and it is not scored.
import { env } from "@/server/config/env";
import { fromHeaderAddress } from "@/server/message-format/from-header-address";
import { senderStanding } from "@/server/services/mailboxes/sender-lists";
import { type MailboxSpamPolicy, spamSettingsOf } from "@/server/services/mailboxes/spam-settings";
import { checkMessage, type SenderAuthentication, type SpamVerdict } from "@/server/spam-filter/check-message";
import { servingRspamdUrl } from "@/server/spam-filter/rspamd-status";
import { MailboxDeliveryRefused } from "./mailbox-replies";
import type { MailboxSpamOutcome } from "./spam-headers";

/** Mail from the Internet as the MX received it, with what rspamd is told of its session. */
export type InboundMail = {
  raw: Buffer;
  /** The reverse path; "" for the null sender. */
  mailFrom: string;
  remoteAddress: string;
  helo: string;
  sessionId: string;
  /** The MX's sender authentication, checked on first use. */
  authentication: () => Promise<SenderAuthentication>;
};

/** How a message is screened: mail from the Internet in full, our own customer's message by the block lists alone. */
export type Screening =
  | { kind: "inbound"; message: InboundMail }
  /** `fromAddress`: its From header's address, read once by the route that also writes it into Authentication-Results. */
  | { kind: "customer"; fromAddress: string | null };

export type SpamFiltering = {
  /** Mailboxes that take the message, each with what its copy says of spam (null: no filter configured). */
  deliver: Map<string, MailboxSpamOutcome | null>;
  /** rspamd's verdict when it was asked, for the log. */
  verdict: SpamVerdict | null;
  blocked: string[];
  rejected: string[];
};

/** Where rspamd answers now: RSPAMD_URL, or the child once it serves; null when there is none to ask. */
function rspamdUrl(): string | null {
  const { mode, url } = env().rspamd;
  return mode === "external" ? url : mode === "auto" ? servingRspamdUrl() : null;
}

export async function filterSpam(screening: Screening, mailboxes: string[]): Promise<SpamFiltering> {
  if (screening.kind === "customer") return filterByBlockLists(screening.fromAddress, mailboxes);
  const message = screening.message;
  if (mailboxes.length === 0) return { deliver: new Map(), verdict: null, blocked: [], rejected: [] };
  const settings = await spamSettingsOf(mailboxes);
  const senders = [message.mailFrom.toLowerCase(), fromHeaderAddress(message.raw)].filter((sender): sender is string => !!sender);
  const result: SpamFiltering = { deliver: new Map(), verdict: null, blocked: [], rejected: [] };
  const toCheck: string[] = [];
  for (const mailbox of mailboxes) {
    const own = settings.get(mailbox)!;
    const standing = senderStanding(own, senders);
    if (standing === "blocked") result.blocked.push(mailbox);
    else if (standing === "allowed") result.deliver.set(mailbox, { kind: "skipped", reason: "allow-listed" });
    else if (own.action === "off") result.deliver.set(mailbox, { kind: "skipped", reason: "filtering off" });
    else toCheck.push(mailbox);
  }
  if (toCheck.length > 0) await checkAndSort(message, toCheck, settings, result);
  if (result.deliver.size === 0) {
    // Nothing for any mailbox: refused, with rspamd's words when it was rspamd.
    if (result.rejected.length > 0) throw new MailboxDeliveryRefused("spamRejected", result.verdict?.message ?? undefined);
    throw new MailboxDeliveryRefused("senderBlocked");
  }
  return result;
}

/** Our own customer's message: the mailboxes whose lists block its From address refuse it; the others take it, unscored. */
async function filterByBlockLists(sender: string | null, mailboxes: string[]): Promise<SpamFiltering> {
  const settings = sender && mailboxes.length > 0 ? await spamSettingsOf(mailboxes) : new Map<string, MailboxSpamPolicy>();
  const result: SpamFiltering = { deliver: new Map(), verdict: null, blocked: [], rejected: [] };
  for (const mailbox of mailboxes) {
    if (sender && senderStanding(settings.get(mailbox)!, [sender]) === "blocked") result.blocked.push(mailbox);
    else result.deliver.set(mailbox, null);
  }
  return result;
}

/** The mailboxes to check, by the account whose statistics score them (one rspamd request each). */
function byAccount(toCheck: string[], settings: Map<string, MailboxSpamPolicy>): Map<string | null, string[]> {
  const groups = new Map<string | null, string[]>();
  for (const mailbox of toCheck) {
    const accountId = settings.get(mailbox)!.accountId;
    groups.set(accountId, [...(groups.get(accountId) ?? []), mailbox]);
  }
  return groups;
}

async function checkAndSort(message: InboundMail, toCheck: string[], settings: Map<string, MailboxSpamPolicy>, result: SpamFiltering) {
  const config = env().rspamd;
  if (config.mode === "off") {
    for (const mailbox of toCheck) result.deliver.set(mailbox, null);
    return;
  }
  const url = rspamdUrl();
  const authentication = await message.authentication();
  const ask = (accountId: string | null, recipients: string[]) =>
    url
      ? checkMessage(
          url,
          {
            raw: message.raw,
            mailFrom: message.mailFrom,
            recipients,
            remoteAddress: message.remoteAddress,
            helo: message.helo,
            queueId: message.sessionId,
            authentication,
            accountId,
          },
          config.timeoutMs,
        )
      : Promise.resolve(null);
  const groups = [...byAccount(toCheck, settings)];
  const verdicts = await Promise.all(groups.map(([accountId, recipients]) => ask(accountId, recipients)));
  // For the log and a refusal's text: a rejecting verdict first.
  result.verdict = verdicts.find((verdict) => verdict?.action === "reject") ?? verdicts.find((verdict) => verdict !== null) ?? null;
  if (verdicts.some((verdict) => verdict === null) && config.whenUnavailable === "defer")
    throw new MailboxDeliveryRefused("spamFilterUnavailable");
  const deferring = verdicts.find((verdict) => verdict?.action === "soft reject" || verdict?.action === "greylist");
  if (deferring) throw new MailboxDeliveryRefused("spamDeferred", deferring.message ?? undefined);
  groups.forEach(([, mailboxes], index) => sortByVerdict(mailboxes, verdicts[index]!, settings, result));
}

/** One account's mailboxes by rspamd's verdict (null: it could not answer). */
function sortByVerdict(mailboxes: string[], verdict: SpamVerdict | null, settings: Map<string, MailboxSpamPolicy>, result: SpamFiltering) {
  if (!verdict) {
    for (const mailbox of mailboxes) result.deliver.set(mailbox, { kind: "unchecked" });
    return;
  }
  if (verdict.action === "reject") {
    result.rejected.push(...mailboxes);
    return;
  }
  const isSpam = verdict.action === "add header" || verdict.action === "rewrite subject";
  for (const mailbox of mailboxes) {
    result.deliver.set(mailbox, { kind: "scored", verdict, isSpam, junk: settings.get(mailbox)!.action === "junk" });
  }
}
