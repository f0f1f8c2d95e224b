"use client";
// The name field of folder-name-dialog.tsx: the API's rules (levels separated
// by `/`, no wildcards) checked on submit, and its answer (a name taken is
// 409) shown beside the field. Loaded when the dialog first opens.
import { Alert } from "@/components/alert";
import { Button } from "@/components/button";
import { DialogActions } from "@/components/dialog";
import { TextField } from "@/components/text-field";
import { lazyZodResolver } from "@/features/forms/lazy-zod-resolver";
import { useApiForm } from "@/features/forms/use-api-form";
import type { FolderNameDialogProps } from "./folder-name-dialog";

type Values = { name: string };
const resolver = lazyZodResolver<Values, Values>(() =>
  import("@/shared/schemas/mailbox-folders").then((schemas) => schemas.folderBodySchema),
);

export function FolderNameForm({ initialName, submitLabel, onSubmit, onDone, onClose }: Omit<FolderNameDialogProps, "open" | "title">) {
  const {
    form,
    errors,
    isSubmitting,
    onSubmit: submit,
    failure,
  } = useApiForm({
    resolver,
    defaultValues: { name: initialName },
    submit: (values: Values) => onSubmit(values.name).then(() => values.name),
    onSuccess: (name) => onDone(name),
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {failure ? <Alert>{failure}</Alert> : null}
      <TextField label="Folder name" autoComplete="off" autoFocus error={errors.name?.message} {...form.register("name")} />
      <DialogActions>
        <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" pending={isSubmitting}>
          {submitLabel}
        </Button>
      </DialogActions>
    </form>
  );
}
