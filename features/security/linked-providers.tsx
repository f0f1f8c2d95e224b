"use client";
// Rows of the "Sign-in methods" section for Google and GitHub: linked (with
// the provider's email and since when) or not. Linking happens by signing in
// with the provider using the same verified email, so a provider this service
// is not configured for is not offered (an identity linked before still shows).
import { Badge } from "@/components/badge";
import type { SignInMethods } from "@/shared/schemas/oauth";
import { SettingRow } from "./settings-section";
import { useSignInMethods } from "./use-sign-in-methods";

const providers = [
  { provider: "google", name: "Google" },
  { provider: "github", name: "GitHub" },
] as const;

function describe(identity: SignInMethods["identities"][number] | undefined, name: string): string {
  if (!identity) return `Not linked. Sign in with ${name} using this account's email address to link it.`;
  const since = new Date(identity.createdAt).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });
  return `Signs in as ${identity.email ?? "your account"} (linked ${since}).`;
}

export function LinkedProviders() {
  const methods = useSignInMethods();
  if (!methods.data) return null;
  return (
    <>
      {providers.map(({ provider, name }) => {
        const identity = methods.data.identities.find((entry) => entry.provider === provider);
        if (!identity && !methods.data.availableProviders.includes(provider)) return null;
        return (
          <SettingRow key={provider} title={name} description={describe(identity, name)}>
            {identity ? <Badge tone="success">Linked</Badge> : <Badge>Not linked</Badge>}
          </SettingRow>
        );
      })}
    </>
  );
}
