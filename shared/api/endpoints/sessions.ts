import { z } from "zod";
import { revokeAllBody, revokedCountSchema, sessionIdParams, sessionSchema } from "@/shared/schemas/session";
import { defineEndpoint } from "../endpoint";

export const listSessions = defineEndpoint({
  method: "GET",
  path: "/auth/sessions",
  operationId: "listSessions",
  access: "personal",
  summary: "List the account's active sessions",
  tag: "Sessions",
  auth: "bearer",
  response: z.array(sessionSchema),
  message: "OK",
});

export const revokeSession = defineEndpoint({
  method: "DELETE",
  path: "/auth/sessions/{session_id}",
  operationId: "revokeSession",
  access: "personal",
  summary: "Sign out one session",
  description: "Revoking the current session signs it out. Unknown, ended or other accounts' sessions answer 404.",
  tag: "Sessions",
  auth: "bearer",
  params: sessionIdParams,
  response: z.null(),
  allowedWhileDeletionScheduled: true,
  message: "Session revoked",
  errors: ["not_found"],
});

export const revokeAllSessions = defineEndpoint({
  method: "POST",
  path: "/auth/sessions/revoke-all",
  operationId: "revokeAllSessions",
  access: "personal",
  summary: "Sign out every other session",
  description: 'A body object is required; `{}` or `{ "confirm": true }` revokes every session but the current one.',
  tag: "Sessions",
  auth: "bearer",
  body: revokeAllBody,
  response: revokedCountSchema,
  allowedWhileDeletionScheduled: true,
  message: "Other sessions revoked",
  errors: ["confirmation_required"],
});
