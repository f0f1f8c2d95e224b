"use client";
// One person of the account: who, their role (changeable by those who may
// manage members, never the owner's), when they last acted here, and removing
// them after a confirmation.
import { useState } from "react";
import type { z } from "zod";
import { Badge } from "@/components/badge";
import { Button } from "@/components/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { inputClass } from "@/components/form-field";
import { formatRelativeTime } from "@/components/format-time";
import { PortalApiError } from "@/features/api/portal-fetch";
import type { MemberRole, memberSchema } from "@/shared/schemas/teams";
import { givableRoles } from "./role-labels";
import { useChangeMemberRole, useRemoveMember } from "./use-team";

type Member = z.output<typeof memberSchema>;

const messageOf = (error: unknown, fallback: string) => (error instanceof PortalApiError ? error.message : error ? fallback : null);

export function MemberRow({
  member,
  canManage,
  isYou,
  onRemoved,
}: {
  member: Member;
  canManage: boolean;
  isYou: boolean;
  onRemoved: () => void;
}) {
  const changeRole = useChangeMemberRole();
  const remove = useRemoveMember();
  const [confirming, setConfirming] = useState(false);
  const manageable = canManage && member.role !== "owner" && !isYou;
  const label = member.name ?? member.email;
  const roleError = messageOf(changeRole.error, "We could not change the role. Try again.");

  return (
    <li className="flex flex-col gap-3 px-6 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="truncate font-medium text-zinc-900 dark:text-white">
          {label} {isYou ? <Badge className="ml-1">You</Badge> : null}
        </p>
        <p className="mt-0.5 truncate text-xs text-zinc-500 dark:text-zinc-400">
          {member.name ? `${member.email} · ` : ""}
          {member.lastActiveAt ? `active ${formatRelativeTime(member.lastActiveAt)}` : "not active yet"}
        </p>
        {roleError ? (
          <p role="alert" className="mt-1 text-xs text-red-600 dark:text-red-400">
            {roleError}
          </p>
        ) : null}
      </div>
      <div className="flex items-center gap-2">
        {manageable ? (
          <select
            aria-label={`Role of ${label}`}
            value={member.role}
            disabled={changeRole.isPending}
            onChange={(event) => changeRole.mutate({ memberId: member.id, role: event.target.value as MemberRole })}
            className={`${inputClass} w-auto`}
          >
            {givableRoles.map((role) => (
              <option key={role} value={role}>
                {role.charAt(0).toUpperCase() + role.slice(1)}
              </option>
            ))}
          </select>
        ) : (
          <Badge>{member.role.charAt(0).toUpperCase() + member.role.slice(1)}</Badge>
        )}
        {manageable ? (
          <Button variant="secondary" size="sm" onClick={() => setConfirming(true)} aria-label={`Remove ${label}`}>
            Remove
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Remove ${label}?`}
        confirmLabel="Remove member"
        pending={remove.isPending}
        error={messageOf(remove.error, "We could not remove this member. Try again.")}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(member.id, {
            onSuccess: () => {
              setConfirming(false);
              onRemoved();
            },
          })
        }
      >
        They are signed out of this account at once and can no longer act in it. Their own account stays as it is; you can invite them
        again.
      </ConfirmDialog>
    </li>
  );
}
