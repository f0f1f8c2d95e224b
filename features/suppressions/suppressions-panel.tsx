"use client";
// /suppressions: addresses the account no longer sends to. Hard bounces and
// complaints add them; the customer searches, adds and removes them here.
// The search and page live in the URL (?email=&page=).
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { buttonClass } from "@/components/button-styles";
import { inputClass } from "@/components/form-field";
import { QueryState } from "@/components/query-state";
import { textLinkClass } from "@/features/auth/auth-card";
import { AddSuppressionForm } from "./add-suppression-form";
import { SuppressionRow } from "./suppression-row";
import { useSuppressions } from "./use-suppressions";
import { PageHeader } from "@/components/page-header";
import { RequiresPermission } from "@/features/teams/requires-permission";

const panelClass = "rounded-xl border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900/60";

export function suppressionsHref(email: string | undefined, page = 1): string {
  const query = new URLSearchParams();
  if (email) query.set("email", email);
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return text ? `/suppressions?${text}` : "/suppressions";
}

function SearchForm({ email }: { email: string | undefined }) {
  const router = useRouter();
  return (
    <form
      role="search"
      aria-label="Search suppressed addresses"
      className="flex flex-col gap-3 px-6 py-4 sm:flex-row sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        const value = String(new FormData(event.currentTarget).get("email") ?? "").trim();
        router.push(suppressionsHref(value || undefined));
      }}
    >
      <label className="flex-1 text-sm font-medium text-zinc-800 dark:text-zinc-200">
        Search
        <input
          name="email"
          type="search"
          defaultValue={email ?? ""}
          placeholder="Address or part of one"
          maxLength={254}
          className={`${inputClass} mt-1.5`}
        />
      </label>
      <div className="flex gap-2">
        <Button type="submit" variant="secondary">
          Search
        </Button>
        {email ? (
          <Link href="/suppressions" className={buttonClass("secondary")}>
            Clear
          </Link>
        ) : null}
      </div>
    </form>
  );
}

export function SuppressionsPanel({ page, email }: { page: number; email?: string }) {
  const list = useSuppressions(page, email);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Suppressions"
        description="Addresses we no longer send to. A hard bounce or a spam complaint adds the address; a send to it drops that recipient and a message with no one left is not sent and not charged. Remove an address once you know it works again."
      />
      <section aria-labelledby="add-suppression" className={`${panelClass} p-6`}>
        <h2 id="add-suppression" className="text-base font-semibold text-zinc-900 dark:text-white">
          Add an address
        </h2>
        <RequiresPermission permission="sending:write">
          <AddSuppressionForm onAdded={(added) => setNotice(`${added} is on the suppression list.`)} />
        </RequiresPermission>
      </section>
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      <section aria-labelledby="suppressed-addresses" className={panelClass}>
        <h2
          id="suppressed-addresses"
          className="border-b border-zinc-200 px-6 py-4 text-base font-semibold text-zinc-900 dark:border-zinc-800 dark:text-white"
        >
          Suppressed addresses
        </h2>
        <SearchForm key={email ?? ""} email={email} />
        <QueryState
          query={list}
          what="the suppression list"
          className="border-t border-zinc-200 px-6 py-8 dark:border-zinc-800"
          isEmpty={(data) => data.items.length === 0}
          empty={
            <p>
              {email ? (
                <>
                  No suppressed address contains “{email}”.{" "}
                  <Link href="/suppressions" className={textLinkClass}>
                    Show all
                  </Link>
                </>
              ) : (
                "No suppressed addresses. Hard bounces and complaints will appear here."
              )}
            </p>
          }
        >
          {(data) => (
            <ul
              aria-label="Suppressed addresses"
              className="divide-y divide-zinc-200 border-t border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
            >
              {data.items.map((entry) => (
                <SuppressionRow
                  key={entry.email}
                  entry={entry}
                  onRemoved={() => setNotice(`${entry.email} was removed: it receives mail again.`)}
                />
              ))}
            </ul>
          )}
        </QueryState>
        {list.data && list.data.pagination.totalPages > 1 ? (
          <nav
            aria-label="Suppression pages"
            className="flex items-center justify-between border-t border-zinc-200 px-5 py-3 dark:border-zinc-800"
          >
            {page > 1 ? (
              <Link href={suppressionsHref(email, page - 1)} className={buttonClass("secondary", "sm")}>
                Previous
              </Link>
            ) : (
              <span />
            )}
            <p className="text-sm text-zinc-600 tabular-nums dark:text-zinc-400">
              Page {page} of {list.data.pagination.totalPages}
            </p>
            {page < list.data.pagination.totalPages ? (
              <Link href={suppressionsHref(email, page + 1)} className={buttonClass("secondary", "sm")}>
                Next
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </section>
    </div>
  );
}
