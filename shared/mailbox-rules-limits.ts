// How much one mailbox's rules document may hold (docs/spam-and-rules.md).
// Kept apart from the zod schemas so the portal's editor can show them
// without loading zod with the page.
export const MAX_FILTERS = 50;
export const MAX_FILTER_CONDITIONS = 20;
export const MAX_FILTER_ACTIONS = 10;
export const MAX_FORWARD_ADDRESSES = 5;

/**
 * How much Sieve one mailbox may keep (docs/spam-and-rules.md, "How much Sieve a mailbox keeps"). Scripts live beside
 * the mail but outside its quota, so they are bounded on their own: the child Dovecot's Pigeonhole refuses ManageSieve
 * uploads past these, and the rules API checks the same before it writes its script. An ordinary rules document
 * (20 filters, forwarding, a 5,000-character vacation reply) compiles to about 10 KiB.
 */
export const SIEVE_LIMITS = {
  /** One script (sieve_max_script_size); Pigeonhole also refuses to run a bigger one at delivery. */
  maxScriptBytes: 64 * 1024,
  /** Scripts in the mailbox's ~/sieve, the API's included (sieve_quota_max_scripts). */
  maxScripts: 10,
  /** All of them together (sieve_quota_max_storage). */
  maxStorageBytes: 256 * 1024,
} as const;
