"use client";

import { Badge } from "@/components/badge";
import { useState } from "react";
import type { z } from "zod";
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { QueryState } from "@/components/query-state";
import { ConfirmDialog } from "@/components/confirm-dialog";
import type { sessionSchema } from "@/shared/schemas/session";
import { describeSignInMethod, describeUserAgent } from "./describe-user-agent";
import { DeviceIcon } from "./device-icon";
import { formatDateTime, formatRelativeTime } from "@/components/format-time";
import { useRevokeOtherSessions, useRevokeSession, useSessions } from "./use-sessions";
import { PageHeader } from "@/components/page-header";

type Session = z.output<typeof sessionSchema>;

type Pending = { kind: "one"; session: Session; label: string } | { kind: "others"; count: number } | null;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** The sessions page body: every device signed in to the account, and ways to end them. */
export function SessionsPanel() {
  const sessions = useSessions();
  const revokeOne = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const [pending, setPending] = useState<Pending>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const others = sessions.data?.filter((session) => !session.isCurrent) ?? [];
  const current = sessions.data?.find((session) => session.isCurrent);
  // The current device first, then the most recently used.
  const ordered = [...(current ? [current] : []), ...others];

  function close() {
    setPending(null);
    revokeOne.reset();
    revokeOthers.reset();
  }

  function confirm() {
    if (!pending) return;
    setNotice(null);
    if (pending.kind === "one") {
      const { session, label } = pending;
      revokeOne.mutate(
        { sessionId: session.session_id, isCurrent: session.isCurrent },
        {
          onSuccess: () => {
            if (session.isCurrent) return; // signing out: the page is about to go
            setPending(null);
            setNotice(`Signed out ${label}.`);
          },
        },
      );
    } else {
      revokeOthers.mutate(undefined, {
        onSuccess: ({ revoked }) => {
          setPending(null);
          setNotice(revoked === 0 ? "No other sessions were active." : `Signed out ${plural(revoked, "other session")}.`);
        },
      });
    }
  }

  const mutationError = pending?.kind === "one" ? revokeOne.error : pending?.kind === "others" ? revokeOthers.error : null;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Sessions"
        description="Devices and apps signed in to your account. If you do not recognise one, sign it out and change your password."
        actions={
          <Button
            variant="secondary"
            className="shrink-0"
            disabled={!sessions.data || others.length === 0}
            onClick={() => setPending({ kind: "others", count: others.length })}
          >
            Sign out all other sessions
          </Button>
        }
      />

      {notice ? <Alert tone="success">{notice}</Alert> : null}

      <QueryState query={sessions} what="your sessions" loading={<LoadingList />} empty={<EmptyState />}>
        {() => (
          <div className="overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900/60">
            <div className="flex items-center justify-between border-b border-zinc-200 bg-zinc-50/80 px-5 py-2.5 dark:border-zinc-800 dark:bg-zinc-900">
              <h2 className="text-xs font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400">Active sessions</h2>
              <span className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400">{plural(ordered.length, "session")}</span>
            </div>
            <ul aria-label="Active sessions" className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {ordered.map((session) => (
                <SessionRow key={session.session_id} session={session} onSignOut={(label) => setPending({ kind: "one", session, label })} />
              ))}
            </ul>
            {others.length === 0 ? (
              <p className="border-t border-zinc-200 bg-zinc-50 px-5 py-3 text-sm text-zinc-500 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400">
                No other devices are signed in.
              </p>
            ) : null}
          </div>
        )}
      </QueryState>

      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.kind === "others"
            ? "Sign out all other sessions?"
            : pending?.session.isCurrent
              ? "Sign out of this device?"
              : `Sign out ${pending?.label ?? "this session"}?`
        }
        confirmLabel={pending?.kind === "others" ? `Sign out ${plural(pending.count, "session")}` : "Sign out"}
        pending={revokeOne.isPending || revokeOthers.isPending}
        error={mutationError?.message}
        onConfirm={confirm}
        onCancel={close}
      >
        {pending?.kind === "others" ? (
          <>Every device except this one will be signed out and will need your password to get back in.</>
        ) : pending?.session.isCurrent ? (
          <>You will be signed out here and taken to the sign-in page.</>
        ) : (
          <>That device will be signed out at once and will need your password to get back in.</>
        )}
      </ConfirmDialog>
    </div>
  );
}

function SessionRow({ session, onSignOut }: { session: Session; onSignOut: (label: string) => void }) {
  const device = describeUserAgent(session.userAgent);
  const now = new Date();
  return (
    <li className="flex flex-col gap-4 px-5 py-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-4">
        <div
          className={`mt-0.5 flex size-10 shrink-0 items-center justify-center rounded-lg ${
            session.isCurrent
              ? "bg-indigo-50 text-indigo-600 dark:bg-indigo-500/10 dark:text-indigo-400"
              : "bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400"
          }`}
        >
          <DeviceIcon kind={device.kind} />
        </div>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="truncate text-sm font-semibold text-zinc-900 dark:text-white" title={session.userAgent ?? undefined}>
              {device.label}
            </h3>
            {session.isCurrent ? (
              <Badge tone="success" dot>
                This device
              </Badge>
            ) : null}
          </div>
          <dl className="mt-1.5 grid grid-cols-1 gap-x-6 gap-y-1 text-sm text-zinc-600 sm:grid-cols-2 lg:grid-cols-4 dark:text-zinc-400">
            <Detail term="IP address">
              <span className="font-mono text-[0.8125rem]">{session.ipAddress ?? "Unknown"}</span>
            </Detail>
            <Detail term="Signed in with">{describeSignInMethod(session.signInMethod)}</Detail>
            <Detail term="Signed in">
              <time dateTime={session.createdAt}>{formatDateTime(session.createdAt)}</time>
            </Detail>
            <Detail term="Last active">
              <time dateTime={session.lastActiveAt} title={formatDateTime(session.lastActiveAt)}>
                {session.isCurrent ? "Now" : formatRelativeTime(session.lastActiveAt, now)}
              </time>
            </Detail>
          </dl>
        </div>
      </div>
      <div className="flex shrink-0 pl-14 sm:pl-4">
        <Button variant="secondary" size="sm" onClick={() => onSignOut(device.label)}>
          Sign out
          <span className="sr-only">
            {session.isCurrent ? " of this device" : ` ${device.label}, ${session.ipAddress ?? "unknown address"}`}
          </span>
        </Button>
      </div>
    </li>
  );
}

function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 items-baseline gap-1.5 sm:flex-col sm:items-stretch sm:gap-0">
      <dt className="text-xs text-zinc-500 sm:text-[0.6875rem] sm:font-medium sm:tracking-wide sm:uppercase dark:text-zinc-400">{term}</dt>
      <dd className="truncate">{children}</dd>
    </div>
  );
}

function LoadingList() {
  return (
    <div role="status" aria-live="polite" className="overflow-hidden rounded-xl border border-zinc-200 dark:border-zinc-800">
      <span className="sr-only">Loading sessions…</span>
      {[0, 1].map((row) => (
        <div
          key={row}
          aria-hidden="true"
          className="flex animate-pulse items-center gap-4 border-zinc-200 px-5 py-5 not-first:border-t dark:border-zinc-800"
        >
          <div className="size-10 rounded-lg bg-zinc-100 dark:bg-zinc-800" />
          <div className="flex-1 space-y-2">
            <div className="h-3.5 w-40 rounded bg-zinc-100 dark:bg-zinc-800" />
            <div className="h-3 w-72 max-w-full rounded bg-zinc-100 dark:bg-zinc-800" />
          </div>
        </div>
      ))}
    </div>
  );
}

function EmptyState() {
  return (
    <div className="rounded-xl border border-dashed border-zinc-300 px-6 py-12 text-center dark:border-zinc-700">
      <h2 className="text-sm font-semibold text-zinc-900 dark:text-white">No active sessions</h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">Sessions appear here when you sign in on a device.</p>
    </div>
  );
}
