// The mail view's address: /mailboxes/<id>/inbox, `?folder=` for any folder
// but INBOX, `?message=` for the open message (e.g. a copy in Sent) and
// `?pane=folders` for the folder list on a phone (docs/webmail.md, "In the portal").
export type MailPlace = { folder: string; message?: string | null; pane?: "folders" };

export function mailHref(mailboxId: string, target: MailPlace): string {
  const query = new URLSearchParams();
  if (target.folder !== "INBOX") query.set("folder", target.folder);
  if (target.message) query.set("message", target.message);
  if (target.pane) query.set("pane", target.pane);
  const search = query.toString();
  return `/mailboxes/${encodeURIComponent(mailboxId)}/inbox${search ? `?${search}` : ""}`;
}
