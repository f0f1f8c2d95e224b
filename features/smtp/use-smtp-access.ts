"use client";
// SMTP settings and a key made for SMTP, through the BFF.
import { useQuery } from "@tanstack/react-query";
import { portalFetch } from "@/features/api/portal-fetch";
import { getSmtpAccess } from "@/shared/api/endpoint-refs";

export function useSmtpAccess() {
  return useQuery({ queryKey: ["sending", "smtp"], queryFn: ({ signal }) => portalFetch(getSmtpAccess, { signal }), staleTime: Infinity });
}
