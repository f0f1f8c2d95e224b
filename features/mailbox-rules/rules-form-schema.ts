// The Rules page's form (forwarding and the vacation reply): plain fields a
// person fills in, checked with the API's own rules for each part, then
// turned into the API's document parts.
import { z } from "zod";
import { forwardingSchema, vacationSchema } from "@/shared/schemas/mailbox-rules";

export const rulesFormSchema = z
  .object({
    forwarding: z.object({ on: z.boolean(), to: z.string(), keepCopy: z.boolean() }),
    vacation: z.object({
      enabled: z.boolean(),
      start: z.string(),
      end: z.string(),
      subject: z.string(),
      text: z.string(),
      intervalDays: z.coerce.number<string | number>(),
    }),
  })
  .transform((form, context) => {
    const addresses = form.forwarding.to
      .split(/[\s,;]+/)
      .map((address) => address.trim())
      .filter(Boolean);
    const forwarding = form.forwarding.on ? forwardingSchema.safeParse({ to: addresses, keepCopy: form.forwarding.keepCopy }) : null;
    if (forwarding && !forwarding.success) {
      context.addIssue({
        code: "custom",
        path: ["forwarding", "to"],
        message: forwarding.error.issues[0]?.message ?? "Check the addresses",
      });
    }
    const vacation = vacationSchema.safeParse({
      ...form.vacation,
      start: form.vacation.start || undefined,
      end: form.vacation.end || undefined,
    });
    if (!vacation.success) {
      for (const issue of vacation.error.issues)
        context.addIssue({ code: "custom", path: ["vacation", String(issue.path[0] ?? "text")], message: issue.message });
    }
    if (!vacation.success || (forwarding && !forwarding.success)) return z.NEVER;
    return { forwarding: forwarding?.data ?? null, vacation: vacation.data };
  });

export type RulesFormInput = z.input<typeof rulesFormSchema>;
export type RulesFormOutput = z.output<typeof rulesFormSchema>;
