"use client";
// What changed between an older version and the latest: each part compared
// line by line (jsdiff), removed lines marked − and added ones +, so the
// change reads without colour too.
import { diffLines } from "diff";
import type { Template } from "@/shared/schemas/templates";

const PARTS = [
  ["subject", "Subject"],
  ["html", "HTML"],
  ["text", "Text part"],
] as const;

function PartDiff({ label, before, after }: { label: string; before: string; after: string }) {
  const changes = diffLines(before, after);
  return (
    <div>
      <h4 className="mb-1 text-xs font-medium text-zinc-700 dark:text-zinc-300">{label}</h4>
      <pre className="max-h-72 overflow-auto rounded-lg border border-zinc-200 text-xs dark:border-zinc-700">
        {changes.flatMap((change, index) =>
          change.value
            .replace(/\n$/, "")
            .split("\n")
            .map((line, lineIndex) => (
              <span
                // Lines of one change keep their order: index and line number are stable together.
                key={`${index}-${lineIndex}`}
                className={`block px-2 whitespace-pre-wrap break-all ${
                  change.added
                    ? "bg-emerald-50 text-emerald-900 dark:bg-emerald-500/10 dark:text-emerald-200"
                    : change.removed
                      ? "bg-red-50 text-red-900 dark:bg-red-500/10 dark:text-red-200"
                      : "text-zinc-600 dark:text-zinc-400"
                }`}
              >
                {change.added ? "+ " : change.removed ? "− " : "  "}
                {line}
              </span>
            )),
        )}
      </pre>
    </div>
  );
}

export function VersionDiff({ older, latest }: { older: Template; latest: Template }) {
  const changed = PARTS.filter(([part]) => (older[part] ?? "") !== (latest[part] ?? ""));
  const schemaChanged = JSON.stringify(older.variables) !== JSON.stringify(latest.variables);
  return (
    <section aria-label={`Changes from version ${older.version} to ${latest.version}`} className="space-y-3">
      {changed.length === 0 && !schemaChanged ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">The subject and the parts are the same in both.</p>
      ) : null}
      {changed.map(([part, label]) => (
        <PartDiff key={part} label={label} before={older[part] ?? ""} after={latest[part] ?? ""} />
      ))}
      {schemaChanged ? (
        <PartDiff
          label="Variables schema"
          before={older.variables ? JSON.stringify(older.variables, null, 2) : ""}
          after={latest.variables ? JSON.stringify(latest.variables, null, 2) : ""}
        />
      ) : null}
    </section>
  );
}
