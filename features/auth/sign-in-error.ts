// next-auth hands a failed sign-in back as a string: our Credentials provider
// puts the API's error into it as JSON ({ message, code, errors?, … }).
import { z } from "zod";
import type { FieldError } from "@/features/api/portal-fetch";

export type SignInFailure = {
  code: string;
  message: string;
  errors: FieldError[];
  retryAfterSeconds?: number;
  /** Set with two_factor_required (and on a wrong code given with a password): completes the sign-in with a second factor. */
  challengeToken?: string;
};

const apiError = z.looseObject({
  message: z.string(),
  code: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  retryAfterSeconds: z.number().int().positive().optional(),
  challengeToken: z.string().min(1).optional(),
});

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
  const result = apiError.safeParse(parsed);
  if (!result.success) return unknownFailure;
  const { message, code, errors = [], retryAfterSeconds, challengeToken } = result.data;
  return { message, code, errors, ...(retryAfterSeconds ? { retryAfterSeconds } : {}), ...(challengeToken ? { challengeToken } : {}) };
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
