"use client";
// /mailboxes: hosted mailboxes on the account's domains, grouped per domain,
// with aliases, catch-alls and the settings mail clients need.
import Link from "next/link";
import { useState } from "react";
import { Alert } from "@/components/alert";
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import { useDomains } from "@/features/domains/use-domains";
import type { SendingDomain } from "@/shared/schemas/sending-domain";
import { AliasesSection } from "./aliases-section";
import { ClientSettingsCard } from "./client-settings-card";
import { CreateMailboxForm } from "./create-mailbox-form";
import { DomainMailboxes } from "./domain-mailboxes";
import { MailStorageNotice } from "./mail-storage-notice";
import { useMailboxes, useMailClientSettings } from "./use-mailboxes";
import { RequiresPermission } from "@/features/teams/requires-permission";

/** Mailboxes need the domain to be the account's (ownership proven); sending verification is not needed. */
const canHostMail = (domain: SendingDomain) =>
  domain.verifiedAt !== null || domain.records.some((record) => record.purpose === "ownership" && record.status === "verified");

const cardClass = "rounded-xl border border-zinc-200 bg-white p-5 shadow-xs dark:border-zinc-800 dark:bg-zinc-900/60";

function NoDomainYet() {
  return (
    <div className="rounded-xl border border-dashed border-zinc-300 px-6 py-12 text-center dark:border-zinc-700">
      <h2 className="text-sm font-semibold text-zinc-900 dark:text-white">No domain ready for mailboxes</h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        Add your domain under{" "}
        <Link href="/domains" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
          Domains
        </Link>{" "}
        and verify its ownership record; then create mailboxes on it here.
      </p>
    </div>
  );
}

export function MailboxesPanel() {
  const domains = useDomains();
  const mailboxes = useMailboxes();
  const settings = useMailClientSettings();
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Mailboxes"
        description="Hosted mailboxes on your own domains. Read them here or in any mail app over IMAP or POP3 and send from them over SMTP; give each app its own app password. Aliases and a catch-all deliver more addresses into them."
      />
      <MailStorageNotice storage={settings.data?.storage} />
      <QueryState query={domains} what="your domains" empty={<NoDomainYet />} isEmpty={(list) => !list.some(canHostMail)}>
        {(domainList) => (
          <QueryState query={mailboxes} what="your mailboxes">
            {(mailboxList) => {
              const hosting = domainList.filter(canHostMail);
              const names = hosting.map((domain) => domain.name);
              return (
                <>
                  <section aria-labelledby="new-mailbox" className={cardClass}>
                    <h2 id="new-mailbox" className="mb-4 text-base font-semibold text-zinc-900 dark:text-white">
                      Create a mailbox
                    </h2>
                    <RequiresPermission permission="hosting:write">
                      <CreateMailboxForm domains={names} onCreated={(mailbox) => setNotice(`Created ${mailbox.address}.`)} />
                    </RequiresPermission>
                  </section>
                  {notice ? <Alert tone="success">{notice}</Alert> : null}
                  {hosting.map((domain) => (
                    <DomainMailboxes key={domain.domain_id} domain={domain} mailboxes={mailboxList} onNotice={setNotice} />
                  ))}
                  <AliasesSection domains={names} mailboxes={mailboxList} />
                  <ClientSettingsCard />
                </>
              );
            }}
          </QueryState>
        )}
      </QueryState>
    </div>
  );
}
