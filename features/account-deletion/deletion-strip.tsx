"use client";
// The deletion banner's strip (see deletion-banner.tsx): loaded only for the
// rare account whose deletion is scheduled, so every other page skips it.
import { Button } from "@/components/button";
import { QueryProvider } from "@/features/api/query-client";
import { formatDateTime } from "@/components/format-time";
import { formatDeletionDate } from "./format-deletion-date";
import { useCancelDeletion } from "./use-account-deletion";

type DeletionStripProps = {
  scheduledFor: string | null;
  isCanceled: boolean;
  onCanceled: () => void;
  onDismiss: () => void;
};

// The root layout has no react-query provider (features/api/query-client.tsx); the strip brings its own.
export default function DeletionStrip(props: DeletionStripProps) {
  return (
    <QueryProvider>
      <StripContent {...props} />
    </QueryProvider>
  );
}

function StripContent({ scheduledFor, isCanceled, onCanceled, onDismiss }: DeletionStripProps) {
  const cancel = useCancelDeletion();

  if (isCanceled && !scheduledFor) {
    return (
      <Strip tone="success" label="Account deletion">
        <p role="status" className="flex-1">
          Deletion canceled. Your account stays as it is.
        </p>
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          Dismiss
        </Button>
      </Strip>
    );
  }
  if (!scheduledFor) return null;

  return (
    <Strip tone="danger" label="Account deletion">
      <div className="min-w-0 flex-1">
        <p className="font-medium">
          Your account will be deleted on{" "}
          <time dateTime={scheduledFor} title={formatDateTime(scheduledFor)}>
            {formatDeletionDate(scheduledFor)}
          </time>
          .
        </p>
        <p className="mt-0.5 text-red-700/90 dark:text-red-200/80">
          Until then you can read everything in it, but nothing can be changed or sent. Cancel to keep your account as it is.
        </p>
        {cancel.error ? (
          <p role="alert" className="mt-1 font-medium">
            {cancel.error.message}
          </p>
        ) : null}
      </div>
      <Button
        variant="secondary"
        size="sm"
        pending={cancel.isPending}
        onClick={() => cancel.mutate(undefined, { onSuccess: onCanceled })}
        className="shrink-0"
      >
        Cancel deletion
      </Button>
    </Strip>
  );
}

const tones = {
  danger: "border-red-200 bg-red-50 text-red-800 dark:border-red-500/30 dark:bg-red-950/60 dark:text-red-100",
  success: "border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-500/30 dark:bg-emerald-950/60 dark:text-emerald-100",
} as const;

function Strip({ tone, label, children }: { tone: keyof typeof tones; label: string; children: React.ReactNode }) {
  return (
    <section aria-label={label} className={`border-b text-sm ${tones[tone]}`}>
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:px-6">
        <svg viewBox="0 0 20 20" fill="currentColor" className="hidden size-5 shrink-0 sm:block" aria-hidden="true">
          {tone === "danger" ? (
            <path
              fillRule="evenodd"
              d="M8.485 2.495c.673-1.167 2.357-1.167 3.03 0l6.28 10.875c.673 1.167-.17 2.625-1.516 2.625H3.72c-1.347 0-2.189-1.458-1.515-2.625L8.485 2.495ZM10 5a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0v-3.5A.75.75 0 0 1 10 5Zm0 9a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
              clipRule="evenodd"
            />
          ) : (
            <path
              fillRule="evenodd"
              d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.857-9.809a.75.75 0 0 0-1.214-.882l-3.483 4.79-1.88-1.88a.75.75 0 1 0-1.06 1.061l2.5 2.5a.75.75 0 0 0 1.137-.089l4-5.5Z"
              clipRule="evenodd"
            />
          )}
        </svg>
        {children}
      </div>
    </section>
  );
}
