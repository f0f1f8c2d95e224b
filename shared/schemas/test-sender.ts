// The test sender: the service's own address every account may send from to
// its own, proven address before it has a domain of its own.
import { z } from "zod";

export const testSenderSchema = z
  .object({
    from: z.string().meta({ description: "The `from` to send with, e.g. `Onboarding <onboarding@mail.example.com>`." }),
    to: z.string().meta({ description: "The only recipient allowed: the account's own email address." }),
    emailProven: z.boolean().meta({
      description:
        "Whether the account's address is proven (an emailed code, magic link or password reset completed). Until it is, sending answers 403.",
    }),
    emailConfirmationPendingUntil: z.iso.datetime().nullable().meta({
      description:
        "When the code `POST /account/email/confirmation` last emailed stops working (10 minutes after it was sent), while it is unspent and has tries left and the address is unproven; null otherwise. A client shows its code field again from this, in any tab or session; the code itself is only ever in the email.",
    }),
    dailyLimit: z.number().int(),
    sentToday: z.number().int().meta({ description: "Test-sender messages sent since 00:00 UTC." }),
  })
  .meta({ id: "TestSender" });

export type TestSender = z.infer<typeof testSenderSchema>;
