import { resendNotFound } from "@/server/compat/resend/resend-route";

// Any other /compat/resend path — a resource this surface does not have (docs/resend-compatibility.md lists what it has)
export const { GET, POST, PUT, PATCH, DELETE } = resendNotFound(
  "This Resend-compatible surface has emails, emails/batch, domains and api-keys; the rest of this service's API is under /api/v1.",
);
