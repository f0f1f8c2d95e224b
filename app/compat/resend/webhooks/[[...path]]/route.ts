import { resendNotFound } from "@/server/compat/resend/resend-route";

// /compat/resend/webhooks… — the service sends no webhooks; integrators read the event feed
export const { GET, POST, PUT, PATCH, DELETE } = resendNotFound(
  "This service sends no webhooks. Read what happens to your mail from the event feed instead: GET /api/v1/events (a cursor, long-poll or Server-Sent Events).",
);
