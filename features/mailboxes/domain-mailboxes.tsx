"use client";
// The mailboxes of one domain, with a note while its MX record does not point
// at us (mail does not reach them yet), and the domain's spam lists.
import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/button";
import { Note } from "@/components/note";
import type { Mailbox } from "@/shared/schemas/mailboxes";
import type { SendingDomain } from "@/shared/schemas/sending-domain";
import { DomainSpamListsDialog } from "./domain-spam-lists-dialog";
import { MailboxCard } from "./mailbox-card";

const linkClass = "font-medium text-indigo-600 hover:underline dark:text-indigo-400";

type DomainMailboxesProps = {
  domain: SendingDomain;
  mailboxes: Mailbox[];
  onNotice: (notice: string) => void;
};

export function DomainMailboxes({ domain, mailboxes, onNotice }: DomainMailboxesProps) {
  const onDomain = mailboxes.filter((mailbox) => mailbox.domainId === domain.domain_id);
  const headingId = `mail-domain-${domain.domain_id}`;
  const [changingLists, setChangingLists] = useState(false);
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-base font-semibold break-all text-zinc-900 dark:text-white">
          {domain.name}
        </h2>
        <Button size="sm" variant="secondary" onClick={() => setChangingLists(true)}>
          Spam lists…<span className="sr-only"> for {domain.name}</span>
        </Button>
      </div>
      {domain.receivingStatus !== "verified" ? (
        <Note>
          Mail for {domain.name} does not reach these mailboxes until its MX record points at us: publish it under{" "}
          <Link href="/domains" className={linkClass}>
            Domains
          </Link>{" "}
          and press Verify.
        </Note>
      ) : null}
      {onDomain.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No mailboxes on {domain.name} yet.</p>
      ) : (
        onDomain.map((mailbox) => <MailboxCard key={mailbox.id} mailbox={mailbox} onNotice={onNotice} />)
      )}
      <DomainSpamListsDialog
        domain={domain}
        open={changingLists}
        onCancel={() => setChangingLists(false)}
        onSaved={() => {
          setChangingLists(false);
          onNotice(`Saved the spam lists for ${domain.name}.`);
        }}
      />
    </section>
  );
}
