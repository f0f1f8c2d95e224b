// The documentation's sections, in order; every endpoint's `tag` is one of these.
export const apiTags = {
  Auth: "Registration, sign-in and tokens. Access tokens last 15 minutes; refresh tokens rotate on every use.",
  Sessions: "Signed-in devices of the account.",
  Account: "The signed-in account's settings.",
  "Two-factor": "TOTP two-factor authentication and recovery codes.",
  Dashboard: "The account's usage overview.",
  Support: "Tickets for the support team; opening one needs no account.",
  Health: "Liveness and readiness of the service.",
} as const;

export type ApiTag = keyof typeof apiTags;
