"use client";
// What a settings form says after a save: the API's field errors beside the
// fields, anything else in an alert, and a short confirmation in the card's
// footer (a live region that is always present, so it is announced).
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { PortalApiError, unreachable } from "@/features/api/portal-fetch";
import { placeFieldErrors } from "@/features/auth/place-field-errors";
import { failureMessage } from "@/features/auth/sign-in-error";

/** Places the API's field errors; returns the sentence for the form's alert, or null when the fields say it all. */
export function applyApiFailure<Values extends FieldValues>(
  error: unknown,
  fields: readonly Path<Values>[],
  setError: UseFormSetError<Values>,
): string | null {
  const apiError = error instanceof PortalApiError ? error : unreachable();
  const unplaced = placeFieldErrors(apiError.errors, fields, setError);
  if (apiError.errors.length > 0 && unplaced.length === 0) return null;
  return [failureMessage(apiError), ...unplaced].join(" ");
}

export function SavedStatus({ message }: { message: string | null }) {
  return (
    <p role="status" className="flex min-h-5 items-center gap-1.5 text-sm font-medium text-emerald-700 dark:text-emerald-400">
      {message ? (
        <>
          <svg viewBox="0 0 20 20" fill="currentColor" className="size-4 shrink-0" aria-hidden="true">
            <path
              fillRule="evenodd"
              d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.857-9.809a.75.75 0 0 0-1.214-.882l-3.483 4.79-1.88-1.88a.75.75 0 1 0-1.06 1.061l2.5 2.5a.75.75 0 0 0 1.137-.089l4-5.5Z"
              clipRule="evenodd"
            />
          </svg>
          <span>{message}</span>
        </>
      ) : null}
    </p>
  );
}
