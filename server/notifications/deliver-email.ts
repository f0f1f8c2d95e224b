// The email job: open the sealed message and hand it to the transport.
// A transport error is thrown so the queue retries with backoff.
import { env } from "@/server/config/env";
import { logger } from "@/server/logger";
import { decryptSecret } from "@/server/security/encryption";
import type { EmailMessage } from "@/server/outbound/message";
import { EMAIL_JOB_CONTEXT } from "./queue-email";
import { emailTransport } from "@/server/outbound/transport";

export async function deliverEmail(job: { id: string; data: { sealed: string } }): Promise<void> {
  const message = JSON.parse(decryptSecret(job.data.sealed, EMAIL_JOB_CONTEXT)) as EmailMessage;
  const transport = emailTransport();
  await transport.send({ ...message, from: env().EMAIL_FROM });
  logger().info({ jobId: job.id, template: message.template, transport: transport.name }, "email sent");
}
