"use client";
// One topic: its name, description, default and id (which sends name as
// `topicId`), with editing in place and deletion behind a confirmation.
import { useState } from "react";
import { Badge } from "@/components/badge";
import { Button } from "@/components/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { CopyButton } from "@/components/copy-button";
import { InlineCode } from "@/components/inline-code";
import { PortalApiError } from "@/features/api/portal-fetch";
import { useActing } from "@/features/teams/use-acting";
import type { Topic } from "@/shared/schemas/topics";
import { TopicForm } from "./topic-form";
import { useDeleteTopic, useUpdateTopic } from "./use-topics";

export const defaultLabels: Record<Topic["defaultSubscription"], string> = { opt_in: "Opt-in", opt_out: "Opt-out" };

export function TopicRow({ topic, onChanged }: { topic: Topic; onChanged: (notice: string) => void }) {
  const update = useUpdateTopic(topic.id);
  const remove = useDeleteTopic();
  const { may } = useActing();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const error =
    remove.error instanceof PortalApiError ? remove.error.message : remove.error ? "We could not delete the topic. Try again." : null;

  if (editing)
    return (
      <li className="px-6 py-4">
        <TopicForm
          idPrefix={`edit-${topic.id}`}
          initial={topic}
          submitLabel="Save topic"
          pendingLabel="Saving…"
          submit={(values) => update.mutateAsync(values)}
          onDone={(saved) => {
            setEditing(false);
            onChanged(`${saved.name} is saved.`);
          }}
          onCancel={() => setEditing(false)}
        />
      </li>
    );

  return (
    <li className="flex flex-col gap-3 px-6 py-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="font-medium break-words text-zinc-900 dark:text-white">
          {topic.name} <Badge>{defaultLabels[topic.defaultSubscription]}</Badge>
        </p>
        {topic.description ? <p className="text-sm break-words text-zinc-600 dark:text-zinc-400">{topic.description}</p> : null}
        <p className="flex flex-wrap items-center gap-2 text-xs text-zinc-500 dark:text-zinc-400">
          <InlineCode>{topic.id}</InlineCode>
          <CopyButton text={topic.id} label="Copy id" ariaLabel={`Copy id of ${topic.name}`} />
        </p>
      </div>
      {may("sending:write") ? (
        <div className="flex shrink-0 gap-2">
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)} aria-label={`Edit ${topic.name}`}>
            Edit
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setConfirming(true)} aria-label={`Delete ${topic.name}`}>
            Delete
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={`Delete ${topic.name}?`}
        confirmLabel="Delete topic"
        pending={remove.isPending}
        error={error}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(topic.id, {
            onSuccess: () => {
              setConfirming(false);
              onChanged(`${topic.name} is deleted.`);
            },
          })
        }
      >
        Sends can no longer name it and it leaves readers' preference pages. Unsubscribe links in mail already sent keep working, and each
        address's choice is kept.
      </ConfirmDialog>
    </li>
  );
}
