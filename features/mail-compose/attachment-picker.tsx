"use client";
// Files to send along: picked with the browser's file dialog, read into
// base64 as the API takes them, listed with a way to take each off. A forward
// also lists the original's attachments, which the API adds by itself.
import { useId, useState } from "react";
import { formatBytes } from "@/components/format-bytes";
import type { ComposeAttachment } from "./compose-prefill";

/** About what fits the API's 25 MB message once base64 and the text are counted. */
const MAX_TOTAL_BYTES = 18 * 1024 * 1024;
const CONTENT_TYPE = /^[A-Za-z0-9!#$&^_.+-]{1,64}\/[A-Za-z0-9!#$&^_.+-]{1,64}$/;

function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read"));
    reader.readAsDataURL(file);
  });
}

async function toAttachment(file: File): Promise<ComposeAttachment> {
  return {
    filename: file.name.replace(/[\r\n\\/]/g, "_") || "attachment",
    content: await readAsBase64(file),
    contentType: CONTENT_TYPE.test(file.type) ? file.type : undefined,
    size: file.size,
  };
}

type AttachmentPickerProps = {
  attachments: ComposeAttachment[];
  forwarded: string[];
  error?: string;
  onChange: (attachments: ComposeAttachment[]) => void;
};

export function AttachmentPicker({ attachments, forwarded, error, onChange }: AttachmentPickerProps) {
  const inputId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? error;
  return (
    <div className="space-y-2 text-sm">
      <div className="flex flex-wrap items-center gap-3">
        <label
          htmlFor={inputId}
          className="cursor-pointer rounded-lg border border-zinc-300 px-3 py-1.5 font-medium text-zinc-900 shadow-xs hover:bg-zinc-50 has-focus-visible:ring-2 has-focus-visible:ring-indigo-500 dark:border-zinc-700 dark:text-zinc-100 dark:hover:bg-zinc-800"
        >
          Attach files
        </label>
        <input
          id={inputId}
          type="file"
          multiple
          className="sr-only"
          aria-describedby={shown ? `${inputId}-error` : undefined}
          onChange={async (event) => {
            const files = [...(event.currentTarget.files ?? [])];
            event.currentTarget.value = "";
            const total = [...attachments, ...files].reduce((sum, file) => sum + file.size, 0);
            if (total > MAX_TOTAL_BYTES) {
              setProblem(`Attachments can be about ${formatBytes(MAX_TOTAL_BYTES)} together; these come to ${formatBytes(total)}.`);
              return;
            }
            setProblem(null);
            try {
              onChange([...attachments, ...(await Promise.all(files.map(toAttachment)))]);
            } catch (readError) {
              setProblem((readError as Error).message);
            }
          }}
        />
        {attachments.length > 0 ? (
          <span className="text-zinc-500 dark:text-zinc-400">{formatBytes(attachments.reduce((sum, file) => sum + file.size, 0))}</span>
        ) : null}
      </div>
      {shown ? (
        <p id={`${inputId}-error`} className="text-red-600 dark:text-red-400">
          {shown}
        </p>
      ) : null}
      {attachments.length > 0 || forwarded.length > 0 ? (
        <ul aria-label="Attached files" className="space-y-1">
          {attachments.map((attachment, index) => (
            <li key={`${attachment.filename}-${index}`} className="flex min-w-0 items-center justify-between gap-2">
              <span className="min-w-0 break-all text-zinc-800 dark:text-zinc-200">
                {attachment.filename} <span className="text-zinc-500 dark:text-zinc-400">({formatBytes(attachment.size)})</span>
              </span>
              <button
                type="button"
                onClick={() => onChange(attachments.filter((_, position) => position !== index))}
                className="shrink-0 rounded px-1.5 text-xs font-medium text-red-700 underline hover:text-red-800 dark:text-red-400"
              >
                Remove<span className="sr-only"> {attachment.filename}</span>
              </button>
            </li>
          ))}
          {forwarded.map((name, index) => (
            <li key={`forwarded-${name}-${index}`} className="break-all text-zinc-600 dark:text-zinc-400">
              {name} <span className="text-zinc-500 dark:text-zinc-400">(from the forwarded message)</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
