"use client";
// /mailboxes: hosted mailboxes on the account's domains, grouped per domain,
// with aliases, catch-alls and the settings mail clients need.
import Link from "next/link";
import { useState } from "react";
import { Alert } from "@/components/alert";
import { LoadError } from "@/components/load-error";
import { Note } from "@/components/note";
import { useDomains } from "@/features/domains/use-domains";
import type { SendingDomain } from "@/shared/schemas/sending-domain";
import { AliasesSection } from "./aliases-section";
import { ClientSettingsCard } from "./client-settings-card";
import { CreateMailboxForm } from "./create-mailbox-form";
import { MailboxCard } from "./mailbox-card";
import { useMailboxes } from "./use-mailboxes";

/** Mailboxes need the domain to be the account's (ownership proven); sending verification is not needed. */
const canHostMail = (domain: SendingDomain) =>
  domain.verifiedAt !== null || domain.records.some((record) => record.purpose === "ownership" && record.status === "verified");

const cardClass = "rounded-xl border border-zinc-200 bg-white p-5 shadow-xs dark:border-zinc-800 dark:bg-zinc-900/60";

export function MailboxesPanel() {
  const domains = useDomains();
  const mailboxes = useMailboxes();
  const [notice, setNotice] = useState<string | null>(null);
  const hosting = (domains.data ?? []).filter(canHostMail);
  const names = hosting.map((domain) => domain.name);

  return (
    <div className="space-y-6">
      <div className="max-w-2xl">
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white">Mailboxes</h1>
        <p className="mt-2 text-sm leading-6 text-zinc-600 dark:text-zinc-400">
          Hosted mailboxes on your own domains. Read them in any mail app over IMAP or POP3 and send from them over SMTP; give each app its
          own app password. Aliases and a catch-all deliver more addresses into them.
        </p>
      </div>

      {domains.isPending || mailboxes.isPending ? (
        <div role="status" className="rounded-xl border border-zinc-200 px-5 py-8 text-sm text-zinc-500 dark:border-zinc-800">
          Loading mailboxes…
        </div>
      ) : domains.isError ? (
        <LoadError what="your domains" query={domains} />
      ) : mailboxes.isError ? (
        <LoadError what="your mailboxes" query={mailboxes} />
      ) : hosting.length === 0 ? (
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
      ) : (
        <>
          <section aria-labelledby="new-mailbox" className={cardClass}>
            <h2 id="new-mailbox" className="mb-4 text-base font-semibold text-zinc-900 dark:text-white">
              Create a mailbox
            </h2>
            <CreateMailboxForm domains={names} onCreated={(mailbox) => setNotice(`Created ${mailbox.address}.`)} />
          </section>
          {notice ? <Alert tone="success">{notice}</Alert> : null}
          {hosting.map((domain) => {
            const onDomain = mailboxes.data.filter((mailbox) => mailbox.domainId === domain.domain_id);
            return (
              <section key={domain.domain_id} aria-labelledby={`mail-domain-${domain.domain_id}`} className="space-y-3">
                <h2 id={`mail-domain-${domain.domain_id}`} className="text-base font-semibold text-zinc-900 dark:text-white">
                  {domain.name}
                </h2>
                {domain.receivingStatus !== "verified" ? (
                  <Note>
                    Mail for {domain.name} does not reach these mailboxes until its MX record points at us: publish it under{" "}
                    <Link href="/domains" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
                      Domains
                    </Link>{" "}
                    and press Verify.
                  </Note>
                ) : null}
                {onDomain.length === 0 ? (
                  <p className="text-sm text-zinc-600 dark:text-zinc-400">No mailboxes on {domain.name} yet.</p>
                ) : (
                  onDomain.map((mailbox) => (
                    <MailboxCard
                      key={mailbox.id}
                      mailbox={mailbox}
                      onDeleted={(address) => setNotice(`Deleted ${address}.`)}
                      onPasswordChanged={(address) => setNotice(`Changed the password of ${address}.`)}
                    />
                  ))
                )}
              </section>
            );
          })}
          <AliasesSection domains={names} mailboxes={mailboxes.data} />
          <ClientSettingsCard />
        </>
      )}
    </div>
  );
}
