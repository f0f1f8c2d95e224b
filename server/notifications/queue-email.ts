// Emails are never sent inside a request: they are sealed and queued, and the
// job worker delivers them with retries, so a slow or failing provider neither
// blocks the request nor loses the email.
import type { Executor } from "@/server/db/client";
import { enqueue } from "@/server/jobs/enqueue";
import { queues } from "@/server/jobs/queues";
import { encryptSecret } from "@/server/security/encryption";
import type { EmailMessage } from "@/server/outbound/message";

export const EMAIL_JOB_CONTEXT = "email-job";

export async function queueEmail(message: EmailMessage, tx?: Executor): Promise<void> {
  await enqueue(queues.sendEmail, { template: message.template, sealed: encryptSecret(JSON.stringify(message), EMAIL_JOB_CONTEXT) }, tx);
}
