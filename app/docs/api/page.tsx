import type { Metadata } from "next";
import { InlineCode } from "@/components/inline-code";
import { SwaggerUi } from "@/components/swagger-ui";
import { swaggerUiAssetUrl } from "@/server/docs/swagger-ui-assets";
import { env } from "@/server/env";

export const metadata: Metadata = {
  title: "API reference",
  description: "The public REST API under /api/v1, rendered from its live OpenAPI document.",
};

const specUrl = "/api/v1/openapi.json";

export default function ApiReferencePage() {
  const apiBase = `${env().appUrl}/api/v1`;
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      {/* React 19 hoists this into <head>; style-src 'self' allows it. */}
      <link rel="stylesheet" href={swaggerUiAssetUrl("swagger-ui.css")} precedence="default" />
      <header className="max-w-3xl">
        <p className="text-sm font-medium text-indigo-600 dark:text-indigo-400">Documentation</p>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight text-zinc-900 sm:text-4xl dark:text-white">
          API reference
        </h1>
        <p className="mt-4 text-base leading-7 text-zinc-600 dark:text-zinc-400">
          Every endpoint lives under <InlineCode>{apiBase}</InlineCode> and answers with the same envelope:{" "}
          <InlineCode>success</InlineCode>, <InlineCode>message</InlineCode> and <InlineCode>data</InlineCode>. Errors
          carry a stable <InlineCode>data.code</InlineCode>.
          Authenticated endpoints take a bearer token in the <InlineCode>Authorization</InlineCode> header.
        </p>
        <p className="mt-3 text-sm text-zinc-500 dark:text-zinc-400">
          Rendered from the live document at{" "}
          <a
            href={specUrl}
            className="font-medium text-indigo-600 underline-offset-4 hover:underline dark:text-indigo-400"
          >
            {specUrl}
          </a>
          , generated from the schemas the API enforces.
        </p>
      </header>

      <section
        aria-label="Endpoints"
        // Swagger UI has no dark theme: it keeps its light look inside this panel.
        className="mt-10 overflow-hidden rounded-xl border border-zinc-200 bg-white text-zinc-900 [color-scheme:light] dark:border-zinc-700"
      >
        <noscript>
          <p className="px-6 py-10 text-sm">
            The interactive reference needs JavaScript. The raw OpenAPI document is at <a href={specUrl}>{specUrl}</a>.
          </p>
        </noscript>
        <SwaggerUi specUrl={specUrl} scriptUrl={swaggerUiAssetUrl("swagger-ui-bundle.js")} />
      </section>
    </div>
  );
}
