import { z } from "zod";
import { safeCallbackUrl } from "@/shared/safe-callback-url";

export const oauthProviderSchema = z.enum(["google", "github"]).meta({ id: "OAuthProvider" });

/**
 * Where the portal goes after signing in. Only a path on this site is kept;
 * anything else (another origin, "//host", a scheme) is ignored, never an error,
 * so a doctored link still signs in and lands on the default page.
 */
const returnToSchema = z
  .string()
  .optional()
  .transform((value) => (value && value.length <= 2048 ? safeCallbackUrl(value, "") || null : null))
  .describe("Optional portal path to open after signing in (same-site paths only; anything else is ignored)");

export const oauthStartQuery = z.looseObject({ returnTo: returnToSchema });

/** Providers add parameters of their own (scope, iss, authuser…); none is refused here. */
export const oauthCallbackQuery = z.looseObject({
  state: z.string().max(512).optional().catch(undefined),
  code: z.string().max(4096).optional().catch(undefined),
  error: z.string().max(256).optional().catch(undefined),
});

export const oauthExchangeBody = z
  .strictObject({ code: z.string().trim().min(1, "code is required").max(256) })
  .meta({ id: "OAuthExchangeRequest" });

export const oauthProvidersSchema = z
  .array(z.object({ provider: oauthProviderSchema, name: z.string(), startUrl: z.string() }))
  .meta({ id: "OAuthProviders" });

export const signInMethodsSchema = z
  .object({
    hasPassword: z.boolean(),
    identities: z.array(
      z.object({
        id: z.string(),
        provider: oauthProviderSchema,
        email: z.string().nullable(),
        createdAt: z.iso.datetime(),
        lastUsedAt: z.iso.datetime(),
      }),
    ),
    availableProviders: z
      .array(oauthProviderSchema)
      .meta({ description: "The providers this service is configured for: only these can be linked (by signing in with them)." }),
  })
  .meta({ id: "SignInMethods" });

export type SignInMethods = z.infer<typeof signInMethodsSchema>;
/** A "Continue with …" button the sign-in pages offer. */
export type OfferedProvider = z.infer<typeof oauthProvidersSchema>[number];
