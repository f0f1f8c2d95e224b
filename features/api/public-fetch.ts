// Calls to the API's public operations (auth: "none": ask for an emailed code
// or link, reset a password) go from the browser straight to /api/v1: no
// token is involved, so there is nothing for the BFF to add, and the API sees
// (and rate-limits) the visitor's own address. Operations that need a session
// go through portalFetch instead; the types refuse them here.
import type { z } from "zod";
import type { Endpoint } from "@/shared/api/endpoint";
import type { EndpointRef } from "@/shared/api/endpoint-refs";
import { readEnvelope, unreachable } from "./portal-fetch";

// "optional-bearer" operations (opening a support ticket) work without a token too.
type PublicEndpoint = Endpoint<z.ZodType, z.ZodType, z.ZodType, z.ZodType, "none" | "optional-bearer">;

type BodyOf<E extends PublicEndpoint> = NonNullable<E["body"]> extends z.ZodType ? z.input<NonNullable<E["body"]>> : never;

export async function publicFetch<E extends PublicEndpoint>(
  endpoint: E | EndpointRef<E>,
  options: { body: BodyOf<E>; signal?: AbortSignal },
): Promise<z.output<E["response"]>> {
  if (endpoint.path.includes("{")) throw new Error(`publicFetch: ${endpoint.operationId} has path parameters`);
  let response: Response;
  try {
    response = await fetch(`/api/v1${endpoint.path}`, {
      method: endpoint.method,
      headers: { accept: "application/json", "content-type": "application/json" },
      body: JSON.stringify(options.body),
      // No cookie is needed, so none is sent.
      credentials: "omit",
      cache: "no-store",
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw unreachable();
  }
  return readEnvelope(endpoint, response);
}
