"use client";
// The signed-in account (GET /auth/me) for pages that show or change it. The
// page's server render usually reads it already (server/portal/read-for-page.ts),
// so its content is in the HTML instead of waiting for the JavaScript.
import { useQuery } from "@tanstack/react-query";
import { portalFetch } from "@/features/api/portal-fetch";
import { useServerRead } from "@/features/api/use-server-read";
import { getMe } from "@/shared/api/endpoint-refs";
import type { ServerRead } from "@/shared/api/server-read";
import type { Me } from "@/shared/schemas/account";
import { meQueryKey } from "./use-account";

export function useMe(serverRead?: ServerRead<Me> | null) {
  useServerRead(meQueryKey, serverRead);
  return useQuery({ queryKey: meQueryKey, queryFn: ({ signal }) => portalFetch(getMe, { signal }) });
}
