// What the four provider routes do (start and callback, for Google and for
// GitHub): the same steps with the provider's name, written once here.
import type { Redirect, ResponseOptions } from "@/server/http/route";
import { completeOAuthCallback } from "./complete-oauth-callback";
import type { OAuthProvider } from "./providers";
import { assertProviderEnabled, startOAuthSignIn } from "./start-oauth-sign-in";

type StartContext = {
  query: { returnTo: Parameters<typeof startOAuthSignIn>[1]["returnTo"] };
  request: Request;
  response: ResponseOptions;
};
type CallbackContext = {
  query: Parameters<typeof completeOAuthCallback>[1]["query"];
  request: Request;
  ip: string;
  userAgent: string | null;
};

/** GET /auth/oauth/{provider}: 302 to the provider, with the flow's binding cookie. */
export function startSignInHandler(provider: OAuthProvider) {
  return async ({ query, request, response }: StartContext): Promise<Redirect> => {
    const started = await startOAuthSignIn(provider, { cookieHeader: request.headers.get("cookie"), returnTo: query.returnTo });
    if (started.setCookie) response.headers.append("set-cookie", started.setCookie);
    return { location: started.location };
  };
}

/** GET /auth/oauth/{provider}/callback: the provider sends the browser back here; 302 to the portal. */
export function completeSignInHandler(provider: OAuthProvider) {
  return async ({ query, request, ip, userAgent }: CallbackContext): Promise<Redirect> => {
    assertProviderEnabled(provider);
    const location = await completeOAuthCallback(provider, {
      query,
      requestUrl: request.url,
      cookieHeader: request.headers.get("cookie"),
      client: { ip, userAgent },
    });
    return { location };
  };
}
