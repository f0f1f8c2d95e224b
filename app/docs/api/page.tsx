import type { Metadata } from "next";
import { ApiReference } from "@/components/api-reference";
import { InlineCode } from "@/components/inline-code";
import { apiReferenceEntryUrl } from "@/server/docs/api-reference-assets";
import { env } from "@/server/config/env";

export const metadata: Metadata = {
  title: "API reference",
  description: "The public REST API under /api/v1, rendered from its live OpenAPI document: sending first, with curl and Node examples.",
};

const specUrl = "/api/v1/openapi.json";

export default function ApiReferencePage() {
  const apiBase = `${env().appUrl}/api/v1`;
  return (
    <div>
      {/* Short: the reference's own introduction (the document's description) leads with sending. */}
      <header className="flex flex-col gap-1 px-4 pt-8 pb-5 sm:flex-row sm:items-end sm:justify-between sm:gap-6 sm:px-6">
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white">API reference</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Every endpoint lives under <InlineCode>{apiBase}</InlineCode>. Raw document:{" "}
          <a href={specUrl} className="font-medium text-indigo-600 underline-offset-4 hover:underline dark:text-indigo-400">
            {specUrl}
          </a>
        </p>
      </header>

      <section aria-label="Endpoints" className="border-t border-zinc-200 dark:border-zinc-800">
        <noscript>
          <p className="px-6 py-10 text-sm">
            The interactive reference needs JavaScript. The raw OpenAPI document is at <a href={specUrl}>{specUrl}</a>.
          </p>
        </noscript>
        <ApiReference specUrl={specUrl} scriptUrl={apiReferenceEntryUrl()} />
      </section>
    </div>
  );
}
