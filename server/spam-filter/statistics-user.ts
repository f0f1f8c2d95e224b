// Whose Bayes statistics rspamd reads and writes for a message
// (docs/spam-and-rules.md, "Whose lessons count"): the child's classifier
// keeps one set per user (per_user, rspamd-config.ts) and takes the user from
// the Deliver-To request header. The MX's scan and the learner both send the
// account's id there, so what one account teaches scores only its own mail.
export const STATISTICS_USER_HEADER = "Deliver-To";

/** The name rspamd files an account's statistics under: its id (rspamd lower-cases it; ours are lower case already). */
export const statisticsUser = (accountId: string) => accountId;
