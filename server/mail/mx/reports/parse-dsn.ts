// Delivery status notifications (RFC 3464, and RFC 6533's
// message/global-delivery-status): one entry per recipient the report names,
// classified the way the suppression list needs it. Action `failed` with a
// 5.x.x status is a hard bounce; a 4.x.x status (the MTA gave up on a
// temporary error) or Action `delayed` is soft; `delivered`, `relayed` and
// `expanded` are not bounces and are left out.
import { addressField, type FieldGroup, firstField, parseFieldGroups } from "./report-fields";

export type BounceType = "hard" | "soft";

export type DsnRecipient = {
  /** Addresses the entry names, most specific first (Original-Recipient, then Final-Recipient). */
  addresses: string[];
  action: "failed" | "delayed";
  status: string | null;
  bounceType: BounceType;
  diagnostic: string;
};

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim().slice(0, 500);

/** The x.y.z of a Status field ("5.0.0 (permanent failure)" → "5.0.0"), or of an SMTP diagnostic. */
function statusCode(value: string | undefined): string | null {
  return value ? (/\b([245])\.\d{1,3}\.\d{1,3}\b/.exec(value)?.[0] ?? null) : null;
}

function classify(action: string, status: string | null, diagnostic: string): BounceType {
  if (action === "delayed") return "soft";
  const code = status ?? statusCode(diagnostic) ?? /\b([45])\d\d\b/.exec(diagnostic)?.[1];
  return code?.startsWith("4") ? "soft" : "hard";
}

function recipientOf(group: FieldGroup): DsnRecipient | null {
  const action = firstField(group, "action")?.toLowerCase().split(/[\s(]/)[0];
  if (action !== "failed" && action !== "delayed") return null;
  const addresses = [addressField(firstField(group, "original-recipient")), addressField(firstField(group, "final-recipient"))].filter(
    (address): address is string => address !== null,
  );
  if (addresses.length === 0) return null;
  const status = statusCode(firstField(group, "status"));
  const diagnosticCode = firstField(group, "diagnostic-code")?.replace(/^\s*[\w-]+\s*;\s*/, "");
  const diagnostic = oneLine(diagnosticCode || firstField(group, "status") || action);
  return { addresses: [...new Set(addresses)], action, status, bounceType: classify(action, status, diagnostic), diagnostic };
}

/** The recipients of a delivery-status part's text (its first group is about the message, the rest about recipients). */
export function parseDeliveryStatus(text: string): DsnRecipient[] {
  const groups = parseFieldGroups(text);
  return groups.flatMap((group) => recipientOf(group) ?? []);
}
