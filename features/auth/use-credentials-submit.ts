"use client";
// The shared submit path of the sign-in and sign-up forms: send the
// credentials, then either go on to where the visitor was headed or put the
// API's errors where they belong (field errors beside their fields, the rest
// in the form's alert). A sign-in that needs a second factor opens the
// two-factor step of `challenge` instead.
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import type { PortalErrorCode } from "@/features/api/portal-fetch";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { placeFieldErrors } from "./place-field-errors";
import { failureMessage, type SignInFailure } from "./sign-in-error";
import { type Credentials, submitCredentials } from "./submit-credentials";
import type { TwoFactorChallenge } from "./use-two-factor-challenge";

/** API codes that belong to one field although the API gives no path. */
const fieldOfCode: Partial<Record<PortalErrorCode, string>> = { username_taken: "username" };

export function useCredentialsSubmit<Values extends FieldValues>(options: {
  callbackUrl: string;
  fields: readonly Path<Values>[];
  setError: UseFormSetError<Values>;
  /** Where a two_factor_required answer goes (sign-in forms; sign-up never gets one). */
  challenge?: TwoFactorChallenge;
}) {
  const router = useRouter();
  const [failure, setFailure] = useState<(SignInFailure & { text: string }) | null>(null);
  const [isNavigating, startNavigation] = useTransition();

  async function submit(credentials: Credentials) {
    setFailure(null);
    options.challenge?.clearExpired();
    const result = await submitCredentials(credentials);
    if (result.ok) {
      startNavigation(() => router.push(options.callbackUrl));
      return;
    }
    if (options.challenge?.open(result.failure)) return;
    const fieldErrors = [...result.failure.errors];
    const codeField = fieldOfCode[result.failure.code];
    if (codeField) fieldErrors.push({ path: codeField, message: result.failure.message });
    // Errors about fields the form does not show still need to be read somewhere (but never twice).
    const unplaced = placeFieldErrors(fieldErrors, options.fields, options.setError).filter(
      (message) => message !== result.failure.message,
    );
    setFailure({ ...result.failure, text: [failureMessage(result.failure), ...unplaced].join(" ") });
  }

  return { submit, failure, isNavigating, clearFailure: () => setFailure(null) };
}
