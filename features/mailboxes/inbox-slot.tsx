// Where a mailbox's card links to its inbox. Reading mail in the portal is
// built apart (docs/mailboxes.md, "Reading mail"); until its page exists this
// renders nothing, because a link must never lead to a page that is not there.
// The reader's page replaces the body with a link to /mailboxes/{id}/inbox.
import type { Mailbox } from "@/shared/schemas/mailboxes";

export function InboxSlot(_props: { mailbox: Mailbox }) {
  return null;
}
