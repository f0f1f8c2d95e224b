import NextAuth from "next-auth";
import { authOptions, portalCookieName } from "@/server/portal/auth-options";

type Context = { params: Promise<{ nextauth: string[] }> };

// next-auth's own endpoints (sign-in, sign-out, session, CSRF) for the portal cookie.
async function handler(request: Request, context: Context): Promise<Response> {
  const response: Response = await NextAuth(authOptions())(request, context);
  const { nextauth } = await context.params;
  if (nextauth.join("/") !== "session") return response;
  // Reading the session must never write the session cookie: it would put back
  // the tokens the request carried, undoing a refresh the API bridge made at
  // the same moment (and the old refresh token, replayed later, would sign
  // the user out). The cookie's lifetime is fixed at sign-in anyway.
  const headers = new Headers();
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers.append(name, value);
  });
  for (const cookie of response.headers.getSetCookie()) {
    if (!cookie.startsWith(`${portalCookieName()}=`)) headers.append("set-cookie", cookie);
  }
  return new Response(response.body, { status: response.status, headers });
}

export { handler as GET, handler as POST };
