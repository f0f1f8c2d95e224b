"use client";
// /team: the account's people and their roles, pending invitations, and
// inviting someone. Those who may not manage members read the lists, with the
// reason the controls are missing.
import { useState } from "react";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { formatDateTime } from "@/components/format-time";
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import { useMeState } from "@/features/account/account-store";
import { InviteForm } from "./invite-form";
import { MemberRow } from "./member-row";
import { refusedBecause, useActing } from "./use-acting";
import { useInvitations, useMembers, useRevokeInvitation } from "./use-team";

const sectionClass = "rounded-xl border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900/60";
const headingClass = "border-b border-zinc-200 px-6 py-4 text-base font-semibold text-zinc-900 dark:border-zinc-800 dark:text-white";

export function TeamPanel() {
  const acting = useActing();
  const actorEmail = useMeState().details?.actor.email;
  const canManage = acting.may("members:write");
  const members = useMembers();
  const invitations = useInvitations();
  const revoke = useRevokeInvitation();
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <div className="space-y-8">
      <PageHeader
        title="Team"
        description="People who work in this account, each signing in with their own account and acting here with a role."
      />
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {canManage ? (
        <section aria-labelledby="invite" className={`${sectionClass} p-6`}>
          <h2 id="invite" className="text-base font-semibold text-zinc-900 dark:text-white">
            Invite someone
          </h2>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
            They get an email with a link that works once, for 7 days, for that address only.
          </p>
          <InviteForm onInvited={(email) => setNotice(`Invitation sent to ${email}.`)} />
        </section>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="team-read-only">
          {refusedBecause(acting.role)}
        </p>
      )}
      <section aria-labelledby="members" className={sectionClass}>
        <h2 id="members" className={headingClass}>
          Members
        </h2>
        <QueryState query={members} what="the members" className="px-6 py-8">
          {(list) => (
            <ul aria-label="Members" className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {list.map((member) => (
                <MemberRow
                  key={member.id}
                  member={member}
                  canManage={canManage}
                  isYou={member.email === actorEmail}
                  onRemoved={() => setNotice(`Removed ${member.email}. They were signed out of this account.`)}
                />
              ))}
            </ul>
          )}
        </QueryState>
      </section>
      <section aria-labelledby="pending" className={sectionClass}>
        <h2 id="pending" className={headingClass}>
          Pending invitations
        </h2>
        <QueryState query={invitations} what="the invitations" empty={<p>No pending invitations.</p>} className="px-6 py-8">
          {(list) => (
            <ul aria-label="Pending invitations" className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {list.map((invitation) => (
                <li key={invitation.id} className="flex flex-col gap-3 px-6 py-4 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0">
                    <p className="truncate font-medium text-zinc-900 dark:text-white">{invitation.email}</p>
                    <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">
                      {invitation.role} · expires {formatDateTime(invitation.expiresAt)}
                      {invitation.invitedByEmail ? ` · invited by ${invitation.invitedByEmail}` : ""}
                    </p>
                  </div>
                  {canManage ? (
                    <Button
                      variant="secondary"
                      size="sm"
                      pending={revoke.isPending && revoke.variables === invitation.id}
                      onClick={() =>
                        revoke.mutate(invitation.id, { onSuccess: () => setNotice(`Revoked the invitation of ${invitation.email}.`) })
                      }
                      aria-label={`Revoke the invitation of ${invitation.email}`}
                    >
                      Revoke
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </section>
    </div>
  );
}
