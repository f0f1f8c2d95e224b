// Aliases and catch-alls of hosted mailboxes (docs/mailboxes.md).
import { z } from "zod";
import { isMailboxAddress, mailboxAddressSchema } from "./mailboxes";

/** `local@domain`, or `*@domain` for the domain's catch-all. */
export const isAliasAddress = (value: string) =>
  value.startsWith("*@") ? isMailboxAddress(`catch-all${value.slice(1)}`) : isMailboxAddress(value);

export const mailboxAliasSchema = z
  .object({
    id: z.string(),
    address: z.string().meta({ description: "`local@domain`, or `*@domain` for the domain's catch-all." }),
    domainId: z.string(),
    destinations: z.array(z.string()).meta({ description: "Mailbox addresses of the account that receive its mail." }),
    isCatchAll: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "MailboxAlias" });

export type MailboxAlias = z.output<typeof mailboxAliasSchema>;

export const MAX_ALIAS_DESTINATIONS = 50;

export const createAliasBody = z
  .strictObject({
    address: z
      .string()
      .trim()
      .toLowerCase()
      .min(1, "Address is required")
      .max(254, "An address can be at most 254 characters")
      .refine(isAliasAddress, "Enter an address like sales@example.com, or *@example.com for every other address of the domain")
      .meta({
        description: "`local@domain` on one of the account's domains, or `*@domain` for its catch-all.",
        example: "sales@example.com",
      }),
    destinations: z
      .array(mailboxAddressSchema)
      .min(1, "Choose at least one mailbox")
      .max(MAX_ALIAS_DESTINATIONS, `At most ${MAX_ALIAS_DESTINATIONS} mailboxes`)
      .meta({ description: "Addresses of the account's mailboxes." }),
  })
  .meta({ id: "CreateMailboxAliasRequest" });

export const aliasIdParams = z.object({ alias_id: z.string() });
