"use client";
// The Domains page body: add a domain, then publish and verify its records.
import { useState } from "react";
import { Alert } from "@/components/alert";
import { QueryState } from "@/components/query-state";
import { ConfirmDialog } from "@/components/confirm-dialog";
import type { SendingDomain } from "@/shared/schemas/sending-domain";
import { AddDomainForm } from "./add-domain-form";
import { RequiresPermission } from "@/features/teams/requires-permission";
import { DevDnsNote } from "./dev-dns-note";
import { DomainCard } from "./domain-card";
import { domainStatusText } from "./domain-status";
import { useDeleteDomain, useDomains, useVerifyDomain } from "./use-domains";
import { PageHeader } from "@/components/page-header";

function verifyNotice(checked: SendingDomain): { text: string; tone: "success" | "warning" } {
  if (checked.status === "verified") return { text: `Checked ${checked.name}: verified. It can send.`, tone: "success" };
  const missing = checked.records.filter((record) => record.required && record.status !== "verified").length;
  const state = domainStatusText[checked.status].label.toLowerCase();
  const detail =
    checked.status === "temporary_failure" && missing === 0
      ? "DNS could not be reached; we keep checking."
      : `${missing} required ${missing === 1 ? "record is" : "records are"} not in place yet: see what DNS returned for each below. New records can take a while to appear.`;
  return { text: `Checked ${checked.name}: ${state}. ${detail}`, tone: "warning" };
}

/** `devDnsAddress`: where the development DNS answers, outside production only (null otherwise). */
export function DomainsPanel({ devDnsAddress = null }: { devDnsAddress?: string | null }) {
  const domains = useDomains();
  const verify = useVerifyDomain();
  const remove = useDeleteDomain();
  // A check that did not verify the domain is said as a warning, never as a success.
  const [notice, setNotice] = useState<{ text: string; tone: "success" | "warning" } | null>(null);
  const [deleting, setDeleting] = useState<SendingDomain | null>(null);
  const [verifyFailure, setVerifyFailure] = useState<{ domainId: string; message: string } | null>(null);

  function runVerify(domain: SendingDomain) {
    setNotice(null);
    setVerifyFailure(null);
    verify.mutate(domain.domain_id, {
      onSuccess: (checked) => setNotice(verifyNotice(checked)),
      onError: (error) => setVerifyFailure({ domainId: domain.domain_id, message: error.message }),
    });
  }

  function confirmDelete() {
    if (!deleting) return;
    const name = deleting.name;
    remove.mutate(deleting.domain_id, {
      onSuccess: () => {
        setDeleting(null);
        setNotice({ text: `Deleted ${name}.`, tone: "success" });
      },
    });
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title="Domains"
        description="Send email from your own domain. Add it, publish the DNS records we show at your DNS provider, then verify. DKIM signs your messages, SPF and the return path let receivers trust our servers for your domain, and DMARC (recommended) tells them what to do with mail that fails."
      />

      {devDnsAddress ? <DevDnsNote address={devDnsAddress} /> : null}

      <RequiresPermission permission="sending:write">
        <AddDomainForm
          onAdded={(domain) =>
            setNotice({
              text: devDnsAddress
                ? `Added ${domain.name}. The development DNS already serves its records: press Verify.`
                : `Added ${domain.name}. Publish its records, then press Verify.`,
              tone: "success",
            })
          }
        />
      </RequiresPermission>

      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}

      <QueryState
        query={domains}
        what="your domains"
        empty={
          <div className="rounded-xl border border-dashed border-zinc-300 px-6 py-12 text-center dark:border-zinc-700">
            <h2 className="text-sm font-semibold text-zinc-900 dark:text-white">No domains yet</h2>
            <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">Add the domain you send from to see the DNS records to publish.</p>
          </div>
        }
      >
        {(list) => (
          <div className="space-y-6">
            {list.map((domain) => (
              <DomainCard
                key={domain.domain_id}
                domain={domain}
                verifying={verify.isPending && verify.variables === domain.domain_id}
                verifyError={verifyFailure?.domainId === domain.domain_id ? verifyFailure.message : null}
                onVerify={() => runVerify(domain)}
                onDelete={() => {
                  remove.reset();
                  setDeleting(domain);
                }}
              />
            ))}
          </div>
        )}
      </QueryState>

      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? "this domain"}?`}
        confirmLabel="Delete domain"
        pending={remove.isPending}
        error={remove.error?.message}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        You will no longer be able to send from this domain, and its DKIM key is destroyed. Its hosted mailboxes and aliases are deleted
        with their mail. Adding it again gives new records to publish.
      </ConfirmDialog>
    </div>
  );
}
