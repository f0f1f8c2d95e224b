// The rate-limit policies and their default limits (docs/api.md, "Rate
// limits"): endpoint declarations name them and the server enforces them,
// with RATE_LIMIT_OVERRIDES on top (server/services/rate-limit/policies.ts).
export const rateLimitDefaults = {
  /** Every API request, per access token's session or per client IP. */
  api: { limit: 600, windowSeconds: 60 },
  register: { limit: 10, windowSeconds: 3600 },
  /** Blocks sign-in for one email from one address after this many failures. */
  loginFailuresPerEmailAndIp: { limit: 10, windowSeconds: 900 },
  /** Blocks one address guessing across many emails. */
  loginFailuresPerIp: { limit: 100, windowSeconds: 900 },
  /** otp/send, magic-link/send and password/forgot together, per email (known or not). */
  emailedSecretsPerEmail: { limit: 5, windowSeconds: 3600 },
  emailedSecretsPerIp: { limit: 30, windowSeconds: 3600 },
  /** Code and token verification attempts per IP (each code also dies after 5 wrong tries). */
  verificationsPerIp: { limit: 30, windowSeconds: 900 },
  /** Wrong second-factor codes per account; reaching it opens the lockout below. */
  secondFactorFailuresPerAccount: { limit: 10, windowSeconds: 900 },
  /** One hit locks second-factor attempts for the account for the whole window. */
  secondFactorLockout: { limit: 1, windowSeconds: 900 },
  /** POST /support per client IP. */
  supportTickets: { limit: 5, windowSeconds: 3600 },
  /** Support acknowledgements per recipient address: the form must not become a way to mail-bomb someone. */
  supportAcknowledgementsPerEmail: { limit: 5, windowSeconds: 3600 },
  /** SMTP relay connection tests per IP: each opens an outbound connection. */
  relayTestsPerIp: { limit: 60, windowSeconds: 600 },
  /** Mailbox creations and changes per IP: each may hash a password with argon2 (19 MiB, some milliseconds of a core). */
  mailboxPasswordsPerIp: { limit: 60, windowSeconds: 600 },
  /** Mail-client autoconfig lookups per IP: each tells whether a domain hosts mail here, so guessing many is slowed down. */
  autoconfigPerIp: { limit: 120, windowSeconds: 600 },
  /** Wrong mail logins (SMTP AUTH, IMAP, POP3) per client address (IPv6: per /64); past it the address is refused until the window ends. */
  smtpAuthFailuresPerIp: { limit: 10, windowSeconds: 900 },
  /** Wrong logins per hosted mailbox from every address together; past it only addresses the mailbox was recently used from may try. */
  mailLoginFailuresPerMailbox: { limit: 20, windowSeconds: 900 },
  /** Messages submitted over SMTP per API key, like the API's per-token limit. */
  smtpMessagesPerCredential: { limit: 600, windowSeconds: 60 },
  /** Messages the MX takes per client address (IPv6: per /64); past it MAIL FROM gets 451 4.7.1. */
  mxMessagesPerIp: { limit: 600, windowSeconds: 60 },
  /** Unknown recipients the MX answers per client address (IPv6: per /64), across sessions; past it the address is refused at MAIL FROM with 421 4.7.0 until the window ends. */
  mxUnknownRecipientsPerIp: { limit: 100, windowSeconds: 3600 },
  /** Spam and not-spam lessons (moves into and out of Junk) per account; past it a move still moves, but teaches nothing. */
  spamLessonsPerAccount: { limit: 200, windowSeconds: 3600 },
  /** Invitations an account sends: each emails someone outside it. */
  invitationsPerAccount: { limit: 30, windowSeconds: 3600 },
  /** Invitations one address receives from every account together: inviting must not become a way to mail-bomb someone. */
  invitationsPerEmail: { limit: 5, windowSeconds: 86_400 },
  /** Uses of one unsubscribe link (the one-click POST, the preference page and its form): a flood of one link is refused. */
  unsubscribePerToken: { limit: 30, windowSeconds: 3600 },
  /** Unsubscribe links tried from one network, good or bad: guessing tokens is slowed to a crawl. */
  unsubscribePerIp: { limit: 120, windowSeconds: 600 },
  /** Changes one recipient's links make together, across every message they received. */
  unsubscribePerEmail: { limit: 60, windowSeconds: 3600 },
  /** Unsubscribes an account's mailboxes ask of senders (a one-click POST or an email each). */
  listUnsubscribesPerAccount: { limit: 60, windowSeconds: 3600 },
  /** Past this, sign-ins for one email are slowed down (never blocked: that would let anyone lock a user out). */
  loginFailuresPerEmail: { limit: 10, windowSeconds: 900 },
} satisfies Record<string, { limit: number; windowSeconds: number }>;

export type PolicyName = keyof typeof rateLimitDefaults;
