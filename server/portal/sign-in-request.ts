// Which API call a portal sign-in makes. next-auth's "password" Credentials
// provider serves every way of signing in; `mode` picks the API operation.
// Pure, so the request each mode builds is unit-tested without a server.

/** Absent fields stay undefined (left out of the JSON), so the API names what is missing. */
export type SignInRequest = {
  path: string;
  method: "GET" | "POST";
  body?: Record<string, string | undefined>;
  /** The exchange is bound to the browser that started the provider sign-in: pass its binding cookie on. */
  forwardOAuthBinding?: boolean;
};

type Fields = Partial<Record<string, string>>;

/** Only the fields a mode's operation takes, so the API's strict bodies never see another mode's leftovers. */
function pick(fields: Fields, names: string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((name) => (fields[name] ? [[name, fields[name]]] : []))) as Record<string, string>;
}

/** The API request for a sign-in attempt, or null for a mode we do not know. */
export function signInRequestFor(fields: Fields | undefined): SignInRequest | null {
  const credentials = fields ?? {};
  const { email } = credentials;
  switch (credentials.mode ?? "login") {
    case "login":
      return { path: "/auth/login", method: "POST", body: { email, password: credentials.password } };
    case "register":
      return {
        path: "/auth/register",
        method: "POST",
        body: { email, password: credentials.password, ...pick(credentials, ["username", "planId"]) },
      };
    case "code":
      return { path: "/auth/otp/verify", method: "POST", body: { email, code: credentials.code } };
    case "challenge":
      // The second factor, after any of the above answered 401 two_factor_required with a challengeToken.
      return { path: "/auth/2fa/challenge", method: "POST", body: { challengeToken: credentials.challengeToken, code: credentials.code } };
    case "oauth":
      // The single-use code the provider callback put in /auth/oauth/complete?code=…
      return { path: "/auth/oauth/exchange", method: "POST", body: { code: credentials.code }, forwardOAuthBinding: true };
    case "magic_link":
      return { path: `/auth/magic-link/verify?${new URLSearchParams({ token: credentials.token ?? "" })}`, method: "GET" };
    default:
      return null;
  }
}
