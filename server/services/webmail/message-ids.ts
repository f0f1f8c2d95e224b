// A message's id in the API is its Dovecot GUID, base64url (docs/webmail.md,
// "Message ids"): Dovecot keeps the GUID when a message moves between
// folders, where its UID changes.

const GUID_PATTERN = /^[\x21-\x7e]{1,200}$/;

export function mailboxMessageId(guid: string): string {
  return Buffer.from(guid, "utf8").toString("base64url");
}

/** The GUID an id names, or null when it is not one of ours. */
export function guidOfMessageId(id: string): string | null {
  if (!/^[A-Za-z0-9_-]{1,300}$/.test(id)) return null;
  const guid = Buffer.from(id, "base64url").toString("utf8");
  return GUID_PATTERN.test(guid) && mailboxMessageId(guid) === id ? guid : null;
}
