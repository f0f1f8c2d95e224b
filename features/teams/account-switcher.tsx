"use client";
// The account menu's list of accounts the signed-in person may act in (their
// own first), read when the menu opens. Choosing one switches the session and
// starts over on its dashboard.
import { useEffect, useState } from "react";
import type { z } from "zod";
import { Spinner } from "@/components/spinner";
import { type PortalApiError, portalFetch } from "@/features/api/portal-fetch";
import { listMemberships } from "@/shared/api/endpoint-refs";
import type { accountMembershipSchema } from "@/shared/schemas/teams";
import { switchToAccount } from "./switch-account";

type Membership = z.output<typeof accountMembershipSchema>;

export function AccountSwitcher({
  isOpen,
  actingAccountId,
  itemClass,
}: {
  isOpen: boolean;
  actingAccountId: string | undefined;
  itemClass: string;
}) {
  const [memberships, setMemberships] = useState<Membership[] | null>(null);
  const [switchingTo, setSwitchingTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!isOpen || memberships) return;
    const controller = new AbortController();
    portalFetch(listMemberships, { signal: controller.signal, onUnauthorized: "throw" })
      .then(setMemberships)
      .catch(() => {});
    return () => controller.abort();
  }, [isOpen, memberships]);

  // One's own account alone: nothing to switch between.
  if (!memberships || memberships.length < 2) return null;

  async function choose(accountId: string) {
    setSwitchingTo(accountId);
    setError(null);
    try {
      await switchToAccount(accountId);
    } catch (failure) {
      setSwitchingTo(null);
      setError((failure as PortalApiError).message);
    }
  }

  return (
    <div>
      <div className="my-1 h-px bg-zinc-200 dark:bg-zinc-800" />
      <p className="px-2.5 pt-1.5 pb-1 text-xs text-zinc-500 dark:text-zinc-400">Switch account</p>
      <ul aria-label="Accounts you can act in">
        {memberships.map((membership) => {
          const isCurrent = membership.accountId === actingAccountId;
          return (
            <li key={membership.accountId}>
              <button
                type="button"
                aria-current={isCurrent ? "true" : undefined}
                disabled={isCurrent || switchingTo !== null}
                onClick={() => choose(membership.accountId)}
                className={`${itemClass} justify-between`}
              >
                <span className="min-w-0">
                  <span className="block truncate font-medium">{membership.name ?? membership.email}</span>
                  <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">
                    {membership.role === "owner" ? "Your account" : `${membership.role} · ${membership.email}`}
                  </span>
                </span>
                {switchingTo === membership.accountId ? <Spinner className="size-3.5 shrink-0" /> : null}
                {isCurrent ? (
                  <svg
                    viewBox="0 0 20 20"
                    fill="currentColor"
                    aria-hidden="true"
                    className="size-4 shrink-0 text-indigo-600 dark:text-indigo-400"
                  >
                    <path
                      fillRule="evenodd"
                      d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.58l7.3-7.3a1 1 0 0 1 1.4 0Z"
                      clipRule="evenodd"
                    />
                  </svg>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
      {error ? (
        <p role="alert" className="px-2.5 py-1.5 text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
