"use client";
// /templates/new and /templates/{id}: the editor, for a new template or layout
// or an existing one loaded at its latest version.
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import { CopyButton } from "@/components/copy-button";
import { InlineCode } from "@/components/inline-code";
import { useActing } from "@/features/teams/use-acting";
import { DeleteTemplateButton } from "./delete-template-button";
import { TemplateEditor } from "./template-editor";
import { useTemplate } from "./use-templates";

export function NewTemplatePage({ kind }: { kind: "template" | "layout" }) {
  return (
    <div className="space-y-6">
      <PageHeader
        title={kind === "layout" ? "New layout" : "New template"}
        description={
          kind === "layout"
            ? "What your templates share (a header, a footer, styles), with {{{content}}} where each template's HTML goes."
            : "A subject and a body with variables. The preview renders it as a send would."
        }
      />
      <TemplateEditor kind={kind} />
    </div>
  );
}

export function EditTemplatePage({ templateId }: { templateId: string }) {
  const template = useTemplate(templateId);
  const { may } = useActing();
  return (
    <QueryState query={template} what="the template">
      {(data) => (
        <div className="space-y-6">
          <PageHeader
            title={data.name}
            actions={may("sending:write") ? <DeleteTemplateButton template={data} /> : undefined}
            description={
              <span className="inline-flex flex-wrap items-center gap-2">
                {data.kind === "layout" ? "Layout" : "Template"} · version {data.version} · <InlineCode>{data.id}</InlineCode>
                <CopyButton text={data.id} label="Copy id" ariaLabel={`Copy id of ${data.name}`} />
              </span>
            }
          />
          <TemplateEditor key={data.id} kind={data.kind} template={data} />
        </div>
      )}
    </QueryState>
  );
}
