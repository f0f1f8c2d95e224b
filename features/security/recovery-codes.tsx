"use client";
// The ten recovery codes, shown once right after two-factor is turned on (the
// API never shows them again): download as a .txt, copy, and a checkbox that
// must be ticked before the panel closes.
import { useEffect, useId, useState } from "react";
import { Button } from "@/components/button";
import { buttonClass } from "@/components/button-styles";
import { CopyButton } from "@/components/copy-button";
import { recoveryCodesFile } from "./two-factor-text";

const FILE_NAME = "customer-email-service-recovery-codes.txt";

/** A download link to `text` as a file: a Blob URL made in the browser, released when the panel goes. */
function useTextFileUrl(text: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [text]);
  return url;
}

type RecoveryCodesProps = { codes: readonly string[]; email: string; onDone: () => void };

export function RecoveryCodes({ codes, email, onDone }: RecoveryCodesProps) {
  const [createdAt] = useState(() => new Date());
  const downloadUrl = useTextFileUrl(recoveryCodesFile(codes, email, createdAt));
  const [isSaved, setIsSaved] = useState(false);
  const headingId = useId();
  const checkboxId = useId();

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-zinc-200 bg-zinc-50 p-4 sm:p-5 dark:border-zinc-800 dark:bg-zinc-950/40"
    >
      <h4 id={headingId} className="text-sm font-semibold text-zinc-900 dark:text-white">
        Save your recovery codes
      </h4>
      <p className="mt-1 max-w-xl text-sm leading-6 text-zinc-600 dark:text-zinc-400">
        If you lose your phone, each of these codes signs you in once instead of a code from the app. This is the only time they are shown:
        download or copy them now and keep them somewhere safe, such as a password manager.
      </p>

      <ol
        aria-label="Recovery codes"
        className="mt-4 grid grid-cols-2 gap-x-6 gap-y-2 rounded-lg border border-zinc-200 bg-white px-4 py-3.5 font-mono text-sm text-zinc-900 sm:max-w-md dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
      >
        {codes.map((code, index) => (
          <li key={code} className="flex items-baseline gap-2 tabular-nums">
            <span aria-hidden="true" className="w-5 text-right text-xs text-zinc-400 select-none dark:text-zinc-500">
              {index + 1}.
            </span>
            <span className="tracking-wide">{code}</span>
          </li>
        ))}
      </ol>

      <div className="mt-3 flex flex-wrap gap-2">
        {downloadUrl ? (
          <a href={downloadUrl} download={FILE_NAME} className={buttonClass("secondary", "sm")}>
            <DownloadIcon />
            Download
          </a>
        ) : null}
        <CopyButton text={codes.join("\n")} label="Copy" ariaLabel="Copy recovery codes" />
      </div>

      <div className="mt-5 flex flex-col gap-4 border-t border-zinc-200 pt-4 sm:flex-row sm:items-center sm:justify-between dark:border-zinc-800">
        <div className="flex items-center gap-2.5">
          <input
            id={checkboxId}
            type="checkbox"
            checked={isSaved}
            onChange={(event) => setIsSaved(event.target.checked)}
            className="size-4 rounded border-zinc-300 accent-indigo-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 dark:border-zinc-600 dark:accent-indigo-500 dark:focus-visible:ring-offset-zinc-950"
          />
          <label htmlFor={checkboxId} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
            I saved my recovery codes
          </label>
        </div>
        <Button size="sm" disabled={!isSaved} onClick={onDone}>
          Done
        </Button>
      </div>
    </section>
  );
}

function DownloadIcon() {
  return (
    <svg
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
      className="size-4"
      aria-hidden="true"
    >
      <path d="M10 3v10m0 0-4-4m4 4 4-4M4 15v1a1 1 0 0 0 1 1h10a1 1 0 0 0 1-1v-1" />
    </svg>
  );
}
