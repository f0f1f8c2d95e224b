// The suppression list: addresses the account no longer sends to
// (docs/bounces.md, "Suppression list").
import { z } from "zod";
import { emailSchema } from "./account";
import { paginationQuery, paginationSchema } from "./pagination";

export const suppressionReasons = ["hard_bounce", "complaint", "manual"] as const;

export const suppressionSchema = z
  .object({
    email: z.string().meta({ description: "The address, lower case." }),
    reason: z.enum(suppressionReasons),
    messageId: z.string().nullable().meta({ description: "The message whose bounce or complaint added it; null when added by hand." }),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "Suppression" });

export type Suppression = z.infer<typeof suppressionSchema>;

export const listSuppressionsQuery = paginationQuery.extend({
  email: z.string().trim().min(1).max(254).optional().meta({ description: "Entries whose address contains this text (case-insensitive)." }),
});

export const suppressionPageSchema = z
  .object({ items: z.array(suppressionSchema), pagination: paginationSchema })
  .meta({ id: "SuppressionPage" });

export const addSuppressionBody = z.strictObject({ email: emailSchema }).meta({ id: "AddSuppressionRequest" });

export const suppressionEmailParams = z.object({ email: z.string().min(1).max(254) });
