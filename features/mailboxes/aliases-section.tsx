"use client";
// Aliases and catch-alls: more addresses delivering into the account's
// mailboxes. `*@domain` (the catch-all box) takes every address of the domain
// that no mailbox or alias has.
import { useState } from "react";
import { Badge } from "@/components/badge";
import { Button } from "@/components/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { QueryState } from "@/components/query-state";
import type { MailboxAlias } from "@/shared/schemas/mailbox-aliases";
import type { Mailbox } from "@/shared/schemas/mailboxes";
import { CreateAliasForm } from "./create-alias-form";
import { useAliases, useDeleteAlias } from "./use-mailboxes";

export function AliasesSection({ domains, mailboxes }: { domains: string[]; mailboxes: Mailbox[] }) {
  const aliases = useAliases();
  return (
    <section
      aria-labelledby="mail-aliases"
      className="rounded-xl border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900/60"
    >
      <div className="border-b border-zinc-200 px-5 py-4 dark:border-zinc-800">
        <h2 id="mail-aliases" className="text-base font-semibold text-zinc-900 dark:text-white">
          Aliases and catch-all
        </h2>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          Mail to an alias goes to the mailboxes you choose. A catch-all takes mail for every address of its domain that has no mailbox or
          alias.
        </p>
      </div>
      <QueryState query={aliases} what="your aliases" empty={<p>No aliases yet.</p>} className="px-5 py-4">
        {(list) => (
          <ul aria-label="Aliases" className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {list.map((alias) => (
              <AliasRow key={alias.id} alias={alias} />
            ))}
          </ul>
        )}
      </QueryState>
      <div className="border-t border-zinc-200 px-5 py-4 dark:border-zinc-800">
        {mailboxes.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">Create a mailbox first: aliases deliver into mailboxes.</p>
        ) : (
          <CreateAliasForm domains={domains} mailboxes={mailboxes} />
        )}
      </div>
    </section>
  );
}

function AliasRow({ alias }: { alias: MailboxAlias }) {
  const remove = useDeleteAlias();
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="flex flex-col gap-2 px-5 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 text-sm">
        <p className="font-mono font-medium break-all text-zinc-900 dark:text-white">
          {alias.address}
          {alias.isCatchAll ? (
            <Badge tone="info" className="ml-2 font-sans">
              catch-all
            </Badge>
          ) : null}
        </p>
        <p className="text-xs break-all text-zinc-600 dark:text-zinc-400">→ {alias.destinations.join(", ")}</p>
      </div>
      <Button variant="secondary" size="sm" onClick={() => setConfirming(true)} aria-label={`Delete alias ${alias.address}`}>
        Delete
      </Button>
      <ConfirmDialog
        open={confirming}
        title={`Delete ${alias.address}?`}
        confirmLabel="Delete alias"
        pending={remove.isPending}
        error={remove.error?.message}
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate(alias.id, { onSuccess: () => setConfirming(false) })}
      >
        Mail to this address is no longer delivered to {alias.destinations.join(", ")}.
      </ConfirmDialog>
    </li>
  );
}
