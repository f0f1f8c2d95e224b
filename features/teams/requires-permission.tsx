"use client";
// A part of a page only some roles may use (a form that creates or changes):
// shown to those granted the permission, replaced by the reason for the rest.
// The API refuses the operation either way; this only keeps a page from
// offering what would be refused.
import type { Permission } from "@/shared/api/access";
import { refusedBecause, useActing } from "./use-acting";

export function RequiresPermission({ permission, children }: { permission: Permission; children: React.ReactNode }) {
  const acting = useActing();
  if (acting.may(permission)) return children;
  return (
    <p
      className="rounded-lg border border-zinc-200 px-4 py-3 text-sm text-zinc-600 dark:border-zinc-800 dark:text-zinc-400"
      data-testid="role-refusal"
    >
      {refusedBecause(acting.role)}
    </p>
  );
}
