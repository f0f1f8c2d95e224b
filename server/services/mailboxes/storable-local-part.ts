// Which local parts a hosted mailbox (or an alias) may have (docs/mailboxes.md,
// "Receiving mail"). The mailbox's mail lives in the directory
// DATA_DIR/mail/<domain>/<local part>, and Dovecot reads `*` in a login name
// as its master-user separator, so a local part is a plain dot-atom: lower
// case letters, digits and `!#$&'+=?^_`{|}~-`, dots only between them (no
// leading, trailing or double dot), at most 64 characters. No `/`, `\`, `@`,
// `%`, `*`, spaces, controls or non-ASCII.
const STORABLE = /^[a-z0-9!#$&'+=?^_`{|}~-]+(?:\.[a-z0-9!#$&'+=?^_`{|}~-]+)*$/;

/** Whether `local` (the part before `@`, already lower-cased) can name a mailbox. */
export function isStorableLocalPart(local: string): boolean {
  return local.length > 0 && local.length <= 64 && STORABLE.test(local);
}
