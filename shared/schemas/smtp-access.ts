// SMTP access: where and how customers' own software submits mail.
import { z } from "zod";

export const smtpAccessSchema = z
  .object({
    host: z.string().meta({ description: "The server to connect to." }),
    username: z.literal("apikey").meta({ description: "Always `apikey`; the password is an API key with the `sending` or `full` scope." }),
    ports: z
      .array(
        z.object({
          port: z.number().int(),
          security: z
            .enum(["starttls", "ssl_tls"])
            .meta({ description: "`starttls`: connect in plain text, then upgrade (STARTTLS); `ssl_tls`: TLS from the first byte." }),
        }),
      )
      .meta({ description: "Listeners that are on; empty when this deployment offers no SMTP access." }),
    maxMessageBytes: z.number().int().meta({ description: "Largest message accepted, advertised with SIZE." }),
    maxRecipients: z.number().int().meta({ description: "Recipients (RCPT TO) per message." }),
    controlHeaders: z.object({ tags: z.string(), idempotencyKey: z.string(), topic: z.string() }).meta({
      description:
        "Optional headers that set tags (`name=value, …`), an idempotency key and the message's topic (`top_…`, as `topicId` in the API); removed before the message is signed and sent.",
    }),
  })
  .meta({ id: "SmtpAccess" });

export type SmtpAccess = z.infer<typeof smtpAccessSchema>;
