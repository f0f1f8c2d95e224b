// Which headers a customer may set, for every door that takes a message (the
// sending API's `headers`, SMTP submission). One list, three kinds:
// - "message": written by the sending API from its own fields; a message
//   submitted over SMTP carries its own (From, Subject, …);
// - "service": written only by the service, or naming someone other than the
//   author (Sender, Resent-*, our X-CES-* control headers): refused on every door;
// - "trace": added by the servers a message passes through (Received,
//   Authentication-Results, ARC-*, …); a sender's copy would be trusted by
//   naive filters. The API refuses them; submission removes them, as a relay
//   in front of it (a Postfix smarthost set-up) adds Received on its own.
// Compared lower-case: whole names, and the prefixes of header families (docs/security.md).
export type ReservedHeaderKind = "message" | "service" | "trace";

const KIND_OF_NAME = new Map<string, ReservedHeaderKind>([
  ...[
    "from",
    "to",
    "cc",
    "bcc",
    "subject",
    "reply-to",
    "date",
    "message-id",
    "mime-version",
    "content-type",
    "content-transfer-encoding",
    "content-disposition",
    "dkim-signature",
  ].map((name) => [name, "message"] as const),
  ["sender", "service"],
  ...["return-path", "received", "received-spf", "authentication-results"].map((name) => [name, "trace"] as const),
]);
const KIND_OF_PREFIX: [string, ReservedHeaderKind][] = [
  ["resent-", "service"],
  ["x-ces-", "service"],
  ["arc-", "trace"],
];

/** The kind of a reserved header name, or null for a header a customer may set. */
export function reservedHeaderKind(name: string): ReservedHeaderKind | null {
  const lower = name.toLowerCase();
  return KIND_OF_NAME.get(lower) ?? KIND_OF_PREFIX.find(([prefix]) => lower.startsWith(prefix))?.[1] ?? null;
}
