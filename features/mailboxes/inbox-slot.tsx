// Where a mailbox's card links to its inbox (the reader: features/mailbox-inbox,
// docs/mailboxes.md "Reading mail") and its rules (features/mailbox-rules).
import { ButtonLink } from "@/components/button-link";
import type { Mailbox } from "@/shared/schemas/mailboxes";

export function InboxSlot({ mailbox }: { mailbox: Mailbox }) {
  return (
    <>
      <ButtonLink href={`/mailboxes/${mailbox.id}/inbox`} size="sm">
        Inbox<span className="sr-only"> of {mailbox.address}</span>
      </ButtonLink>
      <ButtonLink href={`/mailboxes/${mailbox.id}/rules`} size="sm" variant="secondary">
        Rules<span className="sr-only"> of {mailbox.address}</span>
      </ButtonLink>
    </>
  );
}
