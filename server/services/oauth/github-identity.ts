// GitHub (or GitHub Enterprise): plain OAuth 2 with state; the person is read
// from the REST API: /user for the stable numeric id, /user/emails for which
// address is primary and verified.
import * as oidc from "openid-client";
import { z } from "zod";
import { env } from "@/server/config/env";
import { normaliseEmail, type ProviderIdentity } from "./provider-identity";
import { joinUrl } from "./providers";

const githubUser = z.looseObject({ id: z.union([z.number().int(), z.string().min(1)]), login: z.string(), name: z.string().nullish() });
const githubEmails = z.array(z.looseObject({ email: z.string(), primary: z.boolean(), verified: z.boolean() }));

async function getJson<T>(config: oidc.Configuration, accessToken: string, path: string, schema: z.ZodType<T>): Promise<T> {
  const url = joinUrl(env().GITHUB_API_URL, path);
  const headers = new Headers({ accept: "application/vnd.github+json", "x-github-api-version": "2022-11-28" });
  const response = await oidc.fetchProtectedResource(config, accessToken, url, "GET", undefined, headers);
  if (!response.ok) throw new Error(`GitHub ${path} answered ${response.status}`);
  return schema.parse(await response.json());
}

export async function fetchGithubIdentity(
  config: oidc.Configuration,
  currentUrl: URL,
  checks: { state: string },
): Promise<ProviderIdentity> {
  const tokens = await oidc.authorizationCodeGrant(config, currentUrl, { expectedState: checks.state });
  const user = await getJson(config, tokens.access_token, "user", githubUser);
  const emails = await getJson(config, tokens.access_token, "user/emails", githubEmails);
  // The primary address, and only if GitHub verified it: a secondary verified
  // one would do too, but the primary is the one the person chose to be known by.
  const primary = emails.find((entry) => entry.primary);
  return {
    provider: "github",
    subject: String(user.id),
    email: normaliseEmail(primary?.email),
    emailVerified: primary?.verified === true,
    name: user.name ?? user.login,
  };
}
