// What the four provider routes do (start and callback, for Google and for
// GitHub): the same steps with the provider's name, written once here. The
// browser binding's cookie is read and set here; the services take its value.
import { completeOAuthCallback } from "@/server/services/oauth/complete-oauth-callback";
import type { OAuthProvider } from "@/server/services/oauth/providers";
import { assertProviderEnabled, startOAuthSignIn } from "@/server/services/oauth/start-oauth-sign-in";
import type { ClientInfo } from "@/shared/api/client-info";
import { bindingFrom, bindingSetCookie } from "./oauth-binding-cookie";
import type { Redirect, ResponseOptions } from "./route";

type StartContext = {
  query: { returnTo: Parameters<typeof startOAuthSignIn>[1]["returnTo"] };
  request: Request;
  response: ResponseOptions;
};
type CallbackContext = {
  query: Parameters<typeof completeOAuthCallback>[1]["query"];
  request: Request;
  client: ClientInfo;
};

/** GET /auth/oauth/{provider}: 302 to the provider, with the flow's binding cookie. */
export function startSignInHandler(provider: OAuthProvider) {
  return async ({ query, request, response }: StartContext): Promise<Redirect> => {
    const started = await startOAuthSignIn(provider, { binding: bindingFrom(request.headers.get("cookie")), returnTo: query.returnTo });
    if (started.binding) response.headers.append("set-cookie", bindingSetCookie(started.binding));
    return { location: started.location };
  };
}

/** GET /auth/oauth/{provider}/callback: the provider sends the browser back here; 302 to the portal. */
export function completeSignInHandler(provider: OAuthProvider) {
  return async ({ query, request, client }: CallbackContext): Promise<Redirect> => {
    assertProviderEnabled(provider);
    const location = await completeOAuthCallback(provider, {
      query,
      requestUrl: request.url,
      binding: bindingFrom(request.headers.get("cookie")),
      client,
    });
    return { location };
  };
}
