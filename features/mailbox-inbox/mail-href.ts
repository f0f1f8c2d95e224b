// The mail view's address: /mailboxes/<id>/inbox, `?folder=` for any folder
// but INBOX and `?message=` for a message to open (e.g. a copy in Sent).
export function mailHref(mailboxId: string, target: { folder: string; message?: string }): string {
  const query = new URLSearchParams();
  if (target.folder !== "INBOX") query.set("folder", target.folder);
  if (target.message) query.set("message", target.message);
  const search = query.toString();
  return `/mailboxes/${encodeURIComponent(mailboxId)}/inbox${search ? `?${search}` : ""}`;
}
