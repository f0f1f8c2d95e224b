"use client";
// A template's versions, newest first, each comparable with the latest.
// Restoring one saves its parts again as
// the newest version (after a confirmation), so nothing is ever lost: the
// version it replaces stays in the list too.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { formatDateTime } from "@/components/format-time";
import { QueryState } from "@/components/query-state";
import { PortalApiError } from "@/features/api/portal-fetch";
import { useActing } from "@/features/teams/use-acting";
import type { Template } from "@/shared/schemas/templates";
import { fetchTemplateVersion, useSaveTemplate, useTemplateVersions } from "./use-templates";
import { VersionDiff } from "./version-diff";

export function TemplateVersions({ template, onRestored }: { template: Template; onRestored: (restored: Template) => void }) {
  const versions = useTemplateVersions(template.id);
  const save = useSaveTemplate(template.id);
  const { may } = useActing();
  const [restoring, setRestoring] = useState<number | null>(null);
  const [comparing, setComparing] = useState<number | null>(null);
  const older = useQuery({
    queryKey: ["sending", "templates", template.id, "version", comparing],
    queryFn: () => fetchTemplateVersion(template.id, comparing!),
    enabled: comparing !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [error, setError] = useState<string | null>(null);

  async function restore(version: number) {
    setError(null);
    try {
      const old = await fetchTemplateVersion(template.id, version);
      const restored = await save.mutateAsync({
        kind: old.kind,
        name: old.name,
        ...(old.subject !== null ? { subject: old.subject } : {}),
        ...(old.html !== null ? { html: old.html } : {}),
        ...(old.text !== null ? { text: old.text } : {}),
        ...(old.variables !== null ? { variables: old.variables } : {}),
        ...(old.kind === "template" ? { layoutId: old.layoutId } : {}),
      });
      setRestoring(null);
      onRestored(restored);
    } catch (caught) {
      setError(caught instanceof PortalApiError ? caught.message : "We could not restore that version. Try again.");
    }
  }

  return (
    <section aria-labelledby="versions-heading" className="border-t border-zinc-200 pt-5 dark:border-zinc-800">
      <h2 id="versions-heading" className="text-base font-semibold text-zinc-900 dark:text-white">
        Versions
      </h2>
      <QueryState query={versions} what="the versions" className="mt-2">
        {(list) => (
          <ol aria-label="Versions" className="mt-2 divide-y divide-zinc-200 text-sm dark:divide-zinc-800">
            {list.map((entry, index) => (
              <li key={entry.version} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="min-w-0 text-zinc-700 dark:text-zinc-300">
                  <span className="font-medium text-zinc-900 dark:text-white">Version {entry.version}</span>
                  {index === 0 ? " (sent now)" : ""} · {formatDateTime(entry.createdAt)}
                  {entry.subject ? (
                    <span className="block break-words text-xs text-zinc-500 dark:text-zinc-400">{entry.subject}</span>
                  ) : null}
                </span>
                {index > 0 ? (
                  <span className="flex gap-2">
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-pressed={comparing === entry.version}
                      onClick={() => setComparing(comparing === entry.version ? null : entry.version)}
                      aria-label={`Compare version ${entry.version} with the latest`}
                    >
                      Compare
                    </Button>
                    {may("sending:write") ? (
                      <Button
                        variant="secondary"
                        size="sm"
                        onClick={() => setRestoring(entry.version)}
                        aria-label={`Restore version ${entry.version}`}
                      >
                        Restore
                      </Button>
                    ) : null}
                  </span>
                ) : null}
                {comparing === entry.version ? (
                  <div className="w-full">
                    {older.data ? (
                      <VersionDiff older={older.data} latest={template} />
                    ) : (
                      <p role="status" className="text-xs text-zinc-500">
                        Loading version {entry.version}…
                      </p>
                    )}
                  </div>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </QueryState>
      <ConfirmDialog
        open={restoring !== null}
        title={`Restore version ${restoring}?`}
        confirmLabel="Restore"
        pending={save.isPending}
        error={error}
        onCancel={() => setRestoring(null)}
        onConfirm={() => void restore(restoring!)}
      >
        Its subject and parts are saved again as a new version, which sends use from now on. Every version stays in this list.
      </ConfirmDialog>
    </section>
  );
}
