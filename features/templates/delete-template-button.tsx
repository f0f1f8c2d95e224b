"use client";
// Deleting a template or layout, behind a confirmation; a layout that
// templates use answers why it cannot go (409 in_use), in the dialog.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/button";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { PortalApiError } from "@/features/api/portal-fetch";
import type { Template } from "@/shared/schemas/templates";
import { useDeleteTemplate } from "./use-templates";

export function DeleteTemplateButton({ template }: { template: Pick<Template, "id" | "name" | "kind"> }) {
  const router = useRouter();
  const remove = useDeleteTemplate();
  const [confirming, setConfirming] = useState(false);
  const error = remove.error instanceof PortalApiError ? remove.error.message : remove.error ? "We could not delete it. Try again." : null;
  return (
    <>
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        Delete
      </Button>
      <ConfirmDialog
        open={confirming}
        title={`Delete ${template.name}?`}
        confirmLabel={`Delete ${template.kind}`}
        pending={remove.isPending}
        error={error}
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate(template.id, { onSuccess: () => router.push("/templates") })}
      >
        Sends can no longer name it. Messages already sent with it keep their content and still name it.
      </ConfirmDialog>
    </>
  );
}
