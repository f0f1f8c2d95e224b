// next-auth hands a failed sign-in back as a string: our Credentials provider
// puts the API's error into it as JSON ({ message, code, errors?, … }).
import type { FieldError, PortalErrorCode } from "@/features/api/portal-fetch";
import { isErrorCode } from "@/shared/api/errors";

export type SignInFailure = {
  code: PortalErrorCode;
  message: string;
  errors: FieldError[];
  retryAfterSeconds?: number;
  /** Set with two_factor_required (and on a wrong code given with a password): completes the sign-in with a second factor. */
  challengeToken?: string;
};

// Checked by hand rather than with zod: this runs on the sign-in page, which
// otherwise needs no zod until a form is submitted.
const isString = (value: unknown): value is string => typeof value === "string";
const isFieldError = (value: unknown): value is FieldError =>
  typeof value === "object" && value !== null && isString((value as FieldError).path) && isString((value as FieldError).message);

const unknownFailure: SignInFailure = {
  code: "unknown",
  message: "Something went wrong. Please try again.",
  errors: [],
};

export function parseSignInError(raw: string | null | undefined): SignInFailure {
  if (!raw) return unknownFailure;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return unknownFailure;
  }
  if (typeof parsed !== "object" || parsed === null) return unknownFailure;
  const { message, code, errors = [], retryAfterSeconds, challengeToken } = parsed as Record<string, unknown>;
  if (!isString(message) || !isString(code)) return unknownFailure;
  if (!Array.isArray(errors) || !errors.every(isFieldError)) return unknownFailure;
  const isCount = typeof retryAfterSeconds === "number" && Number.isInteger(retryAfterSeconds) && retryAfterSeconds > 0;
  if (retryAfterSeconds !== undefined && !isCount) return unknownFailure;
  if (challengeToken !== undefined && !(isString(challengeToken) && challengeToken.length > 0)) return unknownFailure;
  return {
    message,
    // A code this build does not know is still a failure, with the API's message.
    code: isErrorCode(code) ? code : "unknown",
    errors: errors.map(({ path, message }) => ({ path, message })),
    ...(isCount ? { retryAfterSeconds } : {}),
    ...(challengeToken ? { challengeToken } : {}),
  };
}

/** "30 seconds", "1 minute", "15 minutes", "2 hours": how long until a retry is allowed. */
export function formatRetryAfter(seconds: number): string {
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"}`;
  if (seconds < 60) return plural(Math.max(1, Math.ceil(seconds)), "second");
  if (seconds < 3600) return plural(Math.ceil(seconds / 60), "minute");
  return plural(Math.ceil(seconds / 3600), "hour");
}

/** The sentence shown above the form. */
export function failureMessage(failure: SignInFailure): string {
  if (failure.code === "rate_limited" && failure.retryAfterSeconds) {
    return `${failure.message} You can try again in ${formatRetryAfter(failure.retryAfterSeconds)}.`;
  }
  return failure.message;
}
