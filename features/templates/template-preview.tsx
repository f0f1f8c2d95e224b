"use client";
// What the template sends, as the editor stands: the subject, the HTML in a
// sandboxed frame at a desktop width or a 390 px phone's, in light or dark,
// and the text part beside it. Errors of the template or of the sample
// values are shown in place of the rendering.
import { useState } from "react";
import { Alert } from "@/components/alert";
import { UntrustedEmailHtmlFrame } from "@/components/email-html-frame";
import { PortalApiError } from "@/features/api/portal-fetch";
import type { RenderedTemplate } from "@/shared/schemas/templates";

type Props = { rendered: RenderedTemplate | undefined; error: unknown; pending: boolean };

const widths = { desktop: "w-full max-w-[640px]", phone: "w-full max-w-[390px]" } as const;

/** A dark scheme for HTML that sets no colours of its own, as mail apps in dark mode show it. */
const darkened = (html: string) => `<meta name="color-scheme" content="dark"><style>:root{color-scheme:dark}</style>${html}`;

function Toggle<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: Record<T, string>;
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div role="group" aria-label={label} className="inline-flex rounded-lg border border-zinc-200 p-0.5 dark:border-zinc-700">
      {(Object.entries(options) as [T, string][]).map(([key, text]) => (
        <button
          key={key}
          type="button"
          aria-pressed={value === key}
          onClick={() => onChange(key)}
          className={`rounded-md px-2.5 py-1 text-xs font-medium ${value === key ? "bg-zinc-900 text-white dark:bg-white dark:text-zinc-900" : "text-zinc-600 dark:text-zinc-300"}`}
        >
          {text}
        </button>
      ))}
    </div>
  );
}

export function TemplatePreview({ rendered, error, pending }: Props) {
  const [width, setWidth] = useState<keyof typeof widths>("desktop");
  const [scheme, setScheme] = useState<"light" | "dark">("light");
  const problem =
    error instanceof PortalApiError
      ? error.errors.map((entry) => `${entry.path}: ${entry.message}`).join("\n") || error.message
      : error
        ? "The preview could not be made."
        : null;
  return (
    <section aria-labelledby="preview-heading" aria-busy={pending} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="preview-heading" className="text-base font-semibold text-zinc-900 dark:text-white">
          Preview
        </h2>
        <div className="flex flex-wrap gap-2">
          <Toggle label="Preview width" options={{ desktop: "Desktop", phone: "390 px" }} value={width} onChange={setWidth} />
          <Toggle label="Preview colours" options={{ light: "Light", dark: "Dark" }} value={scheme} onChange={setScheme} />
        </div>
      </div>
      {problem ? <Alert>{<span className="whitespace-pre-line">{problem}</span>}</Alert> : null}
      {rendered ? (
        <>
          <p className="text-sm text-zinc-800 dark:text-zinc-200">
            <span className="font-medium">Subject:</span> <span data-testid="preview-subject">{rendered.subject ?? "—"}</span>
          </p>
          <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_18rem]">
            <div
              className={`${widths[width]} overflow-hidden rounded-lg border border-zinc-200 dark:border-zinc-700`}
              data-preview-width={width}
            >
              {rendered.html !== null ? (
                <UntrustedEmailHtmlFrame
                  key={scheme}
                  html={scheme === "dark" ? darkened(rendered.html) : rendered.html}
                  className={scheme === "dark" ? "bg-zinc-950" : ""}
                />
              ) : (
                <p className="p-4 text-sm text-zinc-500">No HTML part: the message is text only.</p>
              )}
            </div>
            <div>
              <h3 className="mb-1 text-sm font-medium text-zinc-800 dark:text-zinc-200">Text part</h3>
              <pre
                aria-label="Text part"
                className="max-h-96 overflow-auto rounded-lg border border-zinc-200 p-3 text-xs whitespace-pre-wrap text-zinc-700 dark:border-zinc-700 dark:text-zinc-300"
              >
                {rendered.text ?? "—"}
              </pre>
            </div>
          </div>
        </>
      ) : null}
    </section>
  );
}
