// Who is signed in to the portal, for server components. Only the cookie is
// read: whether the API still honours the session is learnt on the first API
// call through the BFF, which clears the cookie when it does not.
import "server-only";
import { getServerSession, type Session } from "next-auth";
import { headers } from "next/headers";
import { cache } from "react";
import { PAGE_PATH_HEADER } from "@/server/http/page-path";
import { authOptions } from "./auth-options";

export type PortalSession = Session & { user: { email: string; name?: string | null } };

/** Once per request, however many layouts and pages ask. */
export const getPortalSession = cache(async (): Promise<PortalSession | null> => {
  const session = await getServerSession(authOptions());
  return session?.user?.email ? (session as PortalSession) : null;
});

/** The page being rendered (see proxy.ts). */
export async function currentPagePath(): Promise<string> {
  return (await headers()).get(PAGE_PATH_HEADER) ?? "/";
}
