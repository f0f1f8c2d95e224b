// Which "Continue with …" buttons the sign-in and sign-up pages show: the
// API's own list (GET /auth/oauth/providers), asked once per page render.
// If the API cannot say, no button is shown rather than one that fails.
import "server-only";
import { headers } from "next/headers";
import type { OfferedProvider } from "@/shared/schemas/oauth";
import { logger } from "@/server/logger";
import { clientOf } from "./auth-options";
import { callApi } from "./call-api";

export async function offeredOAuthProviders(): Promise<OfferedProvider[]> {
  try {
    const answer = await callApi<OfferedProvider[]>("/auth/oauth/providers", { client: clientOf(await headers()) });
    return answer.body.success ? answer.body.data : [];
  } catch (error) {
    logger().warn({ err: error }, "could not list the identity providers");
    return [];
  }
}
