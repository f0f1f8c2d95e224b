// The API's field errors (`errors[].path`) go beside the form's own fields;
// the rest still has to be read somewhere, so it is handed back for the alert.
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import type { FieldError } from "@/features/api/portal-fetch";

/** Sets each error on its field (focusing the first) and returns the messages no field shows. */
export function placeFieldErrors<Values extends FieldValues>(
  errors: readonly FieldError[],
  fields: readonly Path<Values>[],
  setError: UseFormSetError<Values>,
): string[] {
  const isField = (path: string): path is Path<Values> => (fields as readonly string[]).includes(path);
  let focused = false;
  const unplaced: string[] = [];
  for (const error of errors) {
    if (!isField(error.path)) {
      unplaced.push(error.message);
      continue;
    }
    setError(error.path, { type: "server", message: error.message }, { shouldFocus: !focused });
    focused = true;
  }
  return unplaced;
}
