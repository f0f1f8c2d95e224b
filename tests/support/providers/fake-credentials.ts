// The fake providers' client registrations, and the app configuration that
// points at them (shared by the integration setup and the e2e config, which
// must not load the providers themselves).
export const fakeGoogleClient = { clientId: "fake-google-client", clientSecret: "fake-google-secret-0123456789abcdef" };
export const fakeGithubClient = { clientId: "fake-github-client", clientSecret: "fake-github-secret-0123456789abcdef" };

export function fakeProvidersEnv(googleIssuer: string, githubBaseUrl: string): Record<string, string> {
  return {
    GOOGLE_ISSUER: googleIssuer,
    GOOGLE_CLIENT_ID: fakeGoogleClient.clientId,
    GOOGLE_CLIENT_SECRET: fakeGoogleClient.clientSecret,
    GITHUB_BASE_URL: githubBaseUrl,
    GITHUB_API_URL: `${githubBaseUrl}/api/v3`,
    GITHUB_CLIENT_ID: fakeGithubClient.clientId,
    GITHUB_CLIENT_SECRET: fakeGithubClient.clientSecret,
  };
}
