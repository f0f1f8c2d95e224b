// Which recipients of a message an inbound report is about. The message is
// known already (from the verified return-path token); a report only picks
// among its recipients, and an address it names that the message was not sent
// to is ignored. When a report names nobody usable (a plain-text bounce
// without X-Failed-Recipients, a complaint with the recipient redacted), the
// message's only recipient is meant; with several, nothing is recorded.
import type { InboundReport } from "./parse-report";

export type Attribution =
  /** `expired`: the reporting server gave up on a temporary failure (a soft bounce). */
  | { kind: "bounce"; recipient: string; bounceType: "hard" | "soft"; diagnostic: string; expired: boolean }
  | { kind: "delivered"; recipient: string; remoteMta: string | null; diagnostic: string }
  | { kind: "delayed"; recipient: string; diagnostic: string }
  | { kind: "complaint"; recipient: string; feedbackType: string };

export type AttributionResult = { records: Attribution[]; ignored: string[] };

const onlyRecipient = (recipients: string[]) => (recipients.length === 1 ? recipients : []);

/** `recipients`: every to, cc and bcc address of the message, lower case. */
export function attributeReport(report: InboundReport, recipients: string[]): AttributionResult {
  const known = new Set(recipients);
  const records: Attribution[] = [];
  const ignored: string[] = [];
  switch (report.kind) {
    case "delivery-status":
      for (const entry of report.recipients) {
        const recipient = entry.addresses.find((address) => known.has(address));
        if (!recipient) ignored.push(...entry.addresses);
        else if (entry.outcome === "delivered")
          records.push({ kind: "delivered", recipient, remoteMta: entry.remoteMta, diagnostic: entry.diagnostic });
        else if (entry.outcome === "delayed") records.push({ kind: "delayed", recipient, diagnostic: entry.diagnostic });
        else
          records.push({
            kind: "bounce",
            recipient,
            bounceType: entry.bounceType ?? "hard",
            diagnostic: entry.diagnostic,
            expired: entry.outcome === "expired",
          });
      }
      break;
    case "feedback": {
      const named = report.report.originalRecipients.length > 0 ? report.report.originalRecipients : report.originalTo;
      const matched = [...new Set(named.filter((address) => known.has(address)))];
      ignored.push(...named.filter((address) => !known.has(address)));
      // Original-Rcpt-To names the complainer; the original's To may list others who did not complain.
      const chosen =
        named.length === 0 ? onlyRecipient(recipients) : report.report.originalRecipients.length > 0 || matched.length === 1 ? matched : [];
      for (const recipient of chosen) records.push({ kind: "complaint", recipient, feedbackType: report.report.feedbackType });
      break;
    }
    case "plain-bounce": {
      const { namedRecipients, bounceType, diagnostic } = report.bounce;
      const chosen = namedRecipients.length > 0 ? namedRecipients.filter((address) => known.has(address)) : onlyRecipient(recipients);
      ignored.push(...namedRecipients.filter((address) => !known.has(address)));
      // A plain bounce with a temporary reply: the reporting server gave up retrying.
      for (const recipient of chosen) records.push({ kind: "bounce", recipient, bounceType, diagnostic, expired: bounceType === "soft" });
      break;
    }
    case "none":
      break;
  }
  // One record per recipient and kind: a report that lists an address twice counts once.
  const seen = new Set<string>();
  return {
    records: records.filter((record) => {
      const key = `${record.kind}:${record.recipient}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    }),
    ignored: [...new Set(ignored)],
  };
}
