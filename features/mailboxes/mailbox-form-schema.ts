// The create-mailbox form: the API's own password, name and quota rules, with
// the address typed as a local part and a domain chosen from the account's.
import { z } from "zod";
import { createMailboxBody } from "@/shared/schemas/mailboxes";

export const mailboxFormSchema = createMailboxBody.pick({ password: true, name: true, quotaMb: true }).extend({
  localPart: z.string().trim().toLowerCase().min(1, "Enter the part before the @, like ada").max(64, "At most 64 characters before the @"),
  domain: z.string().min(1, "Choose a domain"),
});
