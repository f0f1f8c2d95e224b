// Both fake identity providers, and the environment that points the app at
// them (used by the integration global setup and by the e2e runner).
import { fakeProvidersEnv } from "./fake-credentials";
import { startFakeGithub } from "./fake-github";
import { startFakeGoogle } from "./fake-google";

export type FakeProviders = { env: Record<string, string>; googleIssuer: string; githubBaseUrl: string; stop: () => Promise<void> };

export async function startFakeProviders(appUrl: string, ports: { google?: number; github?: number } = {}): Promise<FakeProviders> {
  const google = await startFakeGoogle({ redirectUris: [`${appUrl}/api/v1/auth/oauth/google/callback`], port: ports.google });
  const github = await startFakeGithub({ redirectUri: `${appUrl}/api/v1/auth/oauth/github/callback`, port: ports.github });
  return {
    env: fakeProvidersEnv(google.issuer, github.baseUrl),
    googleIssuer: google.issuer,
    githubBaseUrl: github.baseUrl,
    stop: async () => {
      await Promise.all([google.stop(), github.stop()]);
    },
  };
}
