import NextAuth from "next-auth";
import { authOptions } from "@/server/portal/auth-options";

// next-auth's own endpoints (sign-in, sign-out, session, CSRF) for the portal cookie.
const handler = (request: Request, context: { params: Promise<{ nextauth: string[] }> }) =>
  NextAuth(authOptions())(request, context);

export { handler as GET, handler as POST };
