// What a provider tells us about the person who signed in, in one shape.
import type { OAuthProvider } from "./providers";

export type ProviderIdentity = {
  provider: OAuthProvider;
  /** The provider's stable id for the person (OIDC `sub`, GitHub's numeric user id). */
  subject: string;
  /** Trimmed and lower-cased, like our account emails; null when the provider gave none. */
  email: string | null;
  emailVerified: boolean;
  name: string | null;
};

/** Why a callback failed, as the portal's `?error=` code (docs/oauth.md). */
export type CallbackErrorCode = "invalid_state" | "provider_error" | "email_not_verified" | "account_disabled";

export class CallbackError extends Error {
  constructor(
    readonly code: CallbackErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "CallbackError";
  }
}

export const normaliseEmail = (email: unknown): string | null =>
  typeof email === "string" && email.trim().length > 0 ? email.trim().toLowerCase() : null;
