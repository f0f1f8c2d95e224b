"use client";
// /templates: the account's templates and layouts, each at its latest version.
import Link from "next/link";
import { Badge } from "@/components/badge";
import { ButtonLink } from "@/components/button-link";
import { formatDateTime } from "@/components/format-time";
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import { textLinkClass } from "@/features/auth/auth-card";
import { useActing } from "@/features/teams/use-acting";
import { useTemplates } from "./use-templates";

const panelClass = "rounded-xl border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900/60";

export function TemplatesPanel() {
  const list = useTemplates();
  const { may } = useActing();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Templates"
        description="Subjects and bodies with variables, kept here instead of in your code: a send names a template and passes its variables. Every save is a new version; layouts hold what templates share."
        actions={
          may("sending:write") ? (
            <div className="flex flex-wrap gap-2">
              <ButtonLink href="/templates/new?kind=layout" variant="secondary">
                New layout
              </ButtonLink>
              <ButtonLink href="/templates/new">New template</ButtonLink>
            </div>
          ) : undefined
        }
      />
      <section aria-labelledby="template-list" className={panelClass}>
        <h2
          id="template-list"
          className="border-b border-zinc-200 px-6 py-4 text-base font-semibold text-zinc-900 dark:border-zinc-800 dark:text-white"
        >
          Templates and layouts
        </h2>
        <QueryState
          query={list}
          what="the templates"
          className="px-6 py-8"
          isEmpty={(data) => data.items.length === 0}
          empty={<p>No templates yet. Create one, then send with template: {"{ id, variables }"}.</p>}
        >
          {(data) => (
            <ul aria-label="Templates" className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {data.items.map((item) => (
                <li key={item.id} className="flex flex-col gap-1 px-6 py-4 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0">
                    <Link href={`/templates/${item.id}`} className={`${textLinkClass} font-medium break-words`}>
                      {item.name}
                    </Link>{" "}
                    <Badge>{item.kind === "layout" ? "Layout" : "Template"}</Badge>
                    {item.subject ? <p className="text-sm break-words text-zinc-600 dark:text-zinc-400">{item.subject}</p> : null}
                  </div>
                  <p className="shrink-0 text-xs text-zinc-500 dark:text-zinc-400">
                    Version {item.version} · {formatDateTime(item.updatedAt)}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </section>
    </div>
  );
}
