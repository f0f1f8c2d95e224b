// The documentation's sections, in order, sending first (what most readers came for);
// every endpoint's `tag` is one of these.
export const apiTags = {
  Messages: "Send email and follow its delivery. Takes an API key (`Authorization: Bearer ces_…`) or an access token.",
  Templates:
    "Stored templates and layouts with a JSON Schema of their variables, versioned: a send names one (and may pin a version) instead of giving its subject and body.",
  Suppressions:
    "Addresses the account no longer sends to: hard bounces and complaints add them, and you may add or remove them. Sends drop suppressed recipients.",
  Topics:
    "What the account sends subscribed mail about, and each address's subscription to it. A send that names a topic gets a one-click unsubscribe per recipient and skips those who unsubscribed.",
  Events:
    "An ordered, replayable feed of everything that happens to the account's mail, to pull with a cursor, long-poll or follow live (Server-Sent Events).",
  "Sending domains": "Domains the account sends from, the DNS records that prove and authenticate them, and their verification.",
  "API keys": "Keys for the sending API: `Authorization: Bearer ces_…`. Managed with a signed-in session.",
  "SMTP access": "Send from software that speaks SMTP (frameworks, CMSs, devices): username `apikey`, an API key as the password.",
  Relays: "Your own SMTP servers (relays) the service can hand messages to, with connection tests. Passwords are write-only.",
  Mailboxes:
    "Hosted mailboxes on the account's domains: passwords, app passwords per mail client, protocol switches, aliases and catch-alls, and the settings mail clients need. Managed with a signed-in session or an API key with the `full` scope.",
  Auth: "Registration, sign-in and tokens. Access tokens last 15 minutes; refresh tokens rotate on every use.",
  Sessions: "Signed-in devices of the account.",
  Account: "The signed-in account's settings.",
  Team: "Members of the account with their roles, invitations, and acting in the accounts one belongs to.",
  "Two-factor": "TOTP two-factor authentication and recovery codes.",
  Dashboard: "The account's usage overview.",
  Billing: "Plans, the subscription, checkout with a payment provider, invoices and email credits. Amounts are integers in minor units.",
  Support: "Tickets for the support team; opening one needs no account.",
  Health: "Liveness and readiness of the service.",
} as const;

export type ApiTag = keyof typeof apiTags;

/** The sections grouped as the portal's navigation groups them (the `x-tagGroups` extension, read by API reference renderers). */
export const apiTagGroups: readonly { name: string; tags: readonly ApiTag[] }[] = [
  {
    name: "Sending",
    tags: ["Messages", "Templates", "Suppressions", "Topics", "Events", "Sending domains", "API keys", "SMTP access", "Relays"],
  },
  { name: "Hosting", tags: ["Mailboxes"] },
  { name: "Account", tags: ["Auth", "Sessions", "Account", "Team", "Two-factor", "Dashboard", "Billing"] },
  { name: "Service", tags: ["Support", "Health"] },
];
