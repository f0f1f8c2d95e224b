"use client";
// The relays page body: the account's SMTP relays with their status,
// encryption, default badge and last test, and the ways to change them.
import { Badge } from "@/components/badge";
import { useState } from "react";
import { Alert } from "@/components/alert";
import { QueryState } from "@/components/query-state";
import { Button } from "@/components/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Dialog } from "@/components/dialog";
import { onDemand } from "@/components/on-demand";
import { formatDateTime, formatRelativeTime } from "@/components/format-time";
import type { SmtpRelay } from "@/shared/schemas/smtp-relay";
import { encryptionLabels, testErrorLabels } from "./relay-text";
import { useDeleteRelay, useRelays, useTestRelay, useUpdateRelay } from "./use-relays";
import { PageHeader } from "@/components/page-header";
import { useActing } from "@/features/teams/use-acting";

// The add/edit form opens in a dialog: fetched (with react-hook-form) when it first opens.
const RelayForm = onDemand(() => import("./relay-form").then((module) => module.RelayForm));

type Notice = { tone: "success" | "error"; text: string } | null;
type Editing = { kind: "add" } | { kind: "edit"; relay: SmtpRelay } | null;

export function RelaysPanel() {
  const mayChange = useActing().may("sending:write");
  const relays = useRelays();
  const testRelay = useTestRelay();
  const makeDefault = useUpdateRelay();
  const deleteRelay = useDeleteRelay();
  const [notice, setNotice] = useState<Notice>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<SmtpRelay | null>(null);

  function runTest(relay: SmtpRelay) {
    setNotice(null);
    testRelay.mutate(relay.id, {
      onSuccess: (tested) =>
        setNotice(
          tested.lastTestOk
            ? { tone: "success", text: `Connection test passed for “${tested.name}”.` }
            : { tone: "error", text: `Connection test failed for “${tested.name}”: ${tested.lastTestMessage ?? "unknown reason"}` },
        ),
      onError: (error) => setNotice({ tone: "error", text: error.message }),
    });
  }

  function setDefault(relay: SmtpRelay) {
    setNotice(null);
    makeDefault.mutate(
      { id: relay.id, body: { is_default: true } },
      {
        onSuccess: () => setNotice({ tone: "success", text: `“${relay.name}” is now the default relay.` }),
        onError: (error) => setNotice({ tone: "error", text: error.message }),
      },
    );
  }

  function confirmDelete() {
    if (!deleting) return;
    const { name } = deleting;
    deleteRelay.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        setNotice({ tone: "success", text: `Deleted “${name}”.` });
      },
    });
  }

  const list = relays.data ?? [];
  // Messages go through the default relay: one failing its test is said at the top, not only in its row.
  const failingDefault = list.find((relay) => relay.is_default && relay.lastTestOk === false);

  return (
    <div className="space-y-6">
      <PageHeader
        title="SMTP relays"
        description="Your own mail servers we can hand messages to. The default relay is the one used for sending; passwords are stored encrypted and never shown again."
        actions={
          mayChange ? (
            <Button className="shrink-0" onClick={() => setEditing({ kind: "add" })}>
              Add relay
            </Button>
          ) : null
        }
      />

      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      {failingDefault ? (
        <Alert tone="warning" title={`Your default relay “${failingDefault.name}” failed its last test`}>
          Messages are sent through it, so they may fail too. Fix its settings and test it again, or make a working relay the default.
        </Alert>
      ) : null}

      <QueryState
        query={relays}
        what="your relays"
        empty={
          <div className="rounded-xl border border-dashed border-zinc-300 px-6 py-12 text-center dark:border-zinc-700">
            <h2 className="text-sm font-semibold text-zinc-900 dark:text-white">No relays yet</h2>
            <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
              Add your SMTP server to send through it. The first relay becomes the default.
            </p>
          </div>
        }
      >
        {(items) => (
          <ul
            aria-label="SMTP relays"
            className="divide-y divide-zinc-200 overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-xs dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900/60"
          >
            {items.map((relay) => (
              <RelayRow
                key={relay.id}
                relay={relay}
                isTesting={testRelay.isPending && testRelay.variables === relay.id}
                isMakingDefault={makeDefault.isPending && makeDefault.variables?.id === relay.id}
                onTest={() => runTest(relay)}
                onMakeDefault={() => setDefault(relay)}
                onEdit={() => setEditing({ kind: "edit", relay })}
                onDelete={() => setDeleting(relay)}
              />
            ))}
          </ul>
        )}
      </QueryState>

      <Dialog
        open={editing !== null}
        title={editing?.kind === "edit" ? `Edit “${editing.relay.name}”` : "Add an SMTP relay"}
        onClose={() => setEditing(null)}
      >
        {editing ? (
          <RelayForm
            relay={editing.kind === "edit" ? editing.relay : undefined}
            isFirst={list.length === 0}
            onDone={(text) => {
              setEditing(null);
              setNotice({ tone: "success", text });
            }}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        title={`Delete “${deleting?.name ?? "relay"}”?`}
        confirmLabel="Delete relay"
        pending={deleteRelay.isPending}
        error={deleteRelay.error?.message}
        onConfirm={confirmDelete}
        onCancel={() => {
          setDeleting(null);
          deleteRelay.reset();
        }}
      >
        {deleting?.is_default ? (
          <>This is your default relay. The most recently added active relay becomes the default, if there is one.</>
        ) : (
          <>Its settings and saved password are removed. This cannot be undone.</>
        )}
      </ConfirmDialog>
    </div>
  );
}

type RelayRowProps = {
  relay: SmtpRelay;
  isTesting: boolean;
  isMakingDefault: boolean;
  onTest: () => void;
  onMakeDefault: () => void;
  onEdit: () => void;
  onDelete: () => void;
};

function RelayRow({ relay, isTesting, isMakingDefault, onTest, onMakeDefault, onEdit, onDelete }: RelayRowProps) {
  const forRelay = <span className="sr-only"> {relay.name}</span>;
  return (
    <li className="flex flex-col gap-4 px-5 py-4 lg:flex-row lg:items-center">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="truncate text-sm font-semibold text-zinc-900 dark:text-white">{relay.name}</h2>
          {relay.is_default ? <Badge tone="info">Default</Badge> : null}
          <Badge tone={relay.status === "active" ? "success" : "neutral"}>{relay.status === "active" ? "Active" : "Inactive"}</Badge>
          <Badge>{encryptionLabels[relay.encryption]}</Badge>
        </div>
        <p className="mt-1 truncate font-mono text-[0.8125rem] text-zinc-600 dark:text-zinc-400">
          {relay.smtp_host}:{relay.smtp_port}
          {relay.smtp_username ? (
            <span className="font-sans"> · signs in as {relay.smtp_username}</span>
          ) : (
            <span className="font-sans"> · no sign-in</span>
          )}
        </p>
        <TestResult relay={relay} />
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button variant="secondary" size="sm" pending={isTesting} onClick={onTest}>
          {isTesting ? "Testing…" : "Test connection"}
          {forRelay}
        </Button>
        {relay.is_default ? null : (
          <Button variant="secondary" size="sm" pending={isMakingDefault} onClick={onMakeDefault}>
            Make default
            {forRelay}
          </Button>
        )}
        <Button variant="secondary" size="sm" onClick={onEdit}>
          Edit
          {forRelay}
        </Button>
        <Button variant="ghost" size="sm" onClick={onDelete}>
          Delete
          {forRelay}
        </Button>
      </div>
    </li>
  );
}

function TestResult({ relay }: { relay: SmtpRelay }) {
  if (!relay.lastTestedAt) return <p className="mt-1.5 text-sm text-zinc-500 dark:text-zinc-400">Not tested yet</p>;
  const when = (
    <time dateTime={relay.lastTestedAt} title={formatDateTime(relay.lastTestedAt)}>
      {formatRelativeTime(relay.lastTestedAt)}
    </time>
  );
  return (
    <p className={`mt-1.5 text-sm ${relay.lastTestOk ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400"}`}>
      <span className="font-medium">
        {relay.lastTestOk ? "Test passed" : `Test failed${relay.lastTestError ? `: ${testErrorLabels[relay.lastTestError]}` : ""}`}
      </span>{" "}
      ({when}){relay.lastTestMessage ? <span className="block text-zinc-600 dark:text-zinc-400">{relay.lastTestMessage}</span> : null}
    </p>
  );
}
