// Delivery status notifications (RFC 3464, and RFC 6533's
// message/global-delivery-status): one entry per recipient the report names,
// with what it says happened to that recipient's copy:
// - `delivered` or `relayed` (a success report: the recipient's server took
//   it; Postfix writes `relayed` when that server does not offer DSN itself)
//   → delivered, with the Remote-MTA;
// - `delayed` → delayed (still being retried);
// - `failed` with a 5.x.x status → a hard bounce;
// - `failed` with a 4.x.x status, or the x.4.7 "delivery time expired" code →
//   expired: the reporting MTA gave up on a temporary failure when its queue
//   lifetime ran out (Postfix keeps the last temporary reply as the status
//   and diagnostic). For the suppression list it is a soft bounce.
// `expanded` (a mailing list took it) says nothing about the recipient and is
// left out.
import { addressField, type FieldGroup, firstField, parseFieldGroups } from "./report-fields";

export type BounceType = "hard" | "soft";

export type DsnOutcome = "delivered" | "delayed" | "bounced" | "expired";

export type DsnRecipient = {
  /** Addresses the entry names, most specific first (Original-Recipient, then Final-Recipient). */
  addresses: string[];
  action: "failed" | "delayed" | "delivered" | "relayed";
  status: string | null;
  outcome: DsnOutcome;
  /** For the suppression list: a failure is hard (5.x.x) or soft (it expired on a temporary failure). */
  bounceType: BounceType | null;
  diagnostic: string;
  /** The host named by Remote-MTA (`dns; mx.example.com` → `mx.example.com`), or null. */
  remoteMta: string | null;
};

const actions = new Set(["failed", "delayed", "delivered", "relayed"]);

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim().slice(0, 500);

/** The x.y.z of a Status field ("5.0.0 (permanent failure)" → "5.0.0"), or of an SMTP diagnostic. */
function statusCode(value: string | undefined): string | null {
  return value ? (/\b([245])\.\d{1,3}\.\d{1,3}\b/.exec(value)?.[0] ?? null) : null;
}

function outcomeOf(action: DsnRecipient["action"], status: string | null, diagnostic: string): DsnOutcome {
  if (action === "delivered" || action === "relayed") return "delivered";
  if (action === "delayed") return "delayed";
  const code = status ?? statusCode(diagnostic) ?? /\b([45])\d\d\b/.exec(diagnostic)?.[1];
  return code?.startsWith("4") || /^[45]\.4\.7$/.test(code ?? "") ? "expired" : "bounced";
}

function remoteMtaOf(group: FieldGroup): string | null {
  const value = firstField(group, "remote-mta")
    ?.replace(/^\s*[\w-]+\s*;\s*/, "")
    .trim();
  return value ? value.slice(0, 255) : null;
}

function recipientOf(group: FieldGroup): DsnRecipient | null {
  const action = firstField(group, "action")?.toLowerCase().split(/[\s(]/)[0];
  if (!action || !actions.has(action)) return null;
  const addresses = [addressField(firstField(group, "original-recipient")), addressField(firstField(group, "final-recipient"))].filter(
    (address): address is string => address !== null,
  );
  if (addresses.length === 0) return null;
  const status = statusCode(firstField(group, "status"));
  const diagnosticCode = firstField(group, "diagnostic-code")?.replace(/^\s*[\w-]+\s*;\s*/, "");
  const diagnostic = oneLine(diagnosticCode || firstField(group, "status") || action);
  const known = action as DsnRecipient["action"];
  const outcome = outcomeOf(known, status, diagnostic);
  const bounceType = outcome === "bounced" ? "hard" : outcome === "expired" ? "soft" : null;
  return { addresses: [...new Set(addresses)], action: known, status, outcome, bounceType, diagnostic, remoteMta: remoteMtaOf(group) };
}

/** The recipients of a delivery-status part's text (its first group is about the message, the rest about recipients). */
export function parseDeliveryStatus(text: string): DsnRecipient[] {
  const groups = parseFieldGroups(text);
  return groups.flatMap((group) => recipientOf(group) ?? []);
}
