// The create-alias form: the part before the @ (or the catch-all box), a
// domain chosen from the account's, and the mailboxes it delivers to, checked
// by the API's own rules for an alias address and its destinations. Its output
// is the API's request body.
import { z } from "zod";
import { createAliasBody } from "@/shared/schemas/mailbox-aliases";

export const aliasFormSchema = z
  .object({
    // A disabled field (the catch-all's) comes without a value.
    localPart: z.string().trim().toLowerCase().optional(),
    catchAll: z.boolean(),
    domain: z.string().min(1, "Choose a domain"),
    destinations: createAliasBody.shape.destinations,
  })
  .superRefine((values, context) => {
    if (values.catchAll) return;
    if (!values.localPart) {
      context.addIssue({ code: "custom", path: ["localPart"], message: "Enter the part before the @, like sales" });
      return;
    }
    const checked = createAliasBody.shape.address.safeParse(`${values.localPart}@${values.domain}`);
    for (const issue of checked.error?.issues ?? []) context.addIssue({ code: "custom", path: ["localPart"], message: issue.message });
  })
  .transform((values) => ({
    address: `${values.catchAll ? "*" : values.localPart}@${values.domain}`,
    destinations: values.destinations,
  }));
