// A hosted mailbox's rules (docs/spam-and-rules.md, "Mailbox rules"): one
// typed document of filters, forwarding and a vacation reply, which the
// service compiles to the Sieve script Dovecot runs at delivery.
import { z } from "zod";
import { MAX_FILTER_ACTIONS, MAX_FILTER_CONDITIONS, MAX_FILTERS, MAX_FORWARD_ADDRESSES } from "../mailbox-rules-limits";
import { normaliseAddress } from "./mail-address";

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this rejects
const CONTROL = /[\u0000-\u001f\u007f]/;
// A header field name: printable ASCII except the colon (RFC 5322 ftext).
const HEADER_NAME = /^[!-9;-~]+$/;

const oneLine = (label: string, max: number) =>
  z
    .string()
    .max(max, `${label} can be at most ${max} characters`)
    .refine((value) => !CONTROL.test(value), `${label} must be one line without control characters`);

const forwardAddress = z
  .string()
  .trim()
  .max(254)
  .transform((value, context) => {
    const address = normaliseAddress(value);
    if (!address) {
      context.addIssue({ code: "custom", message: "Enter one address like ada@example.com" });
      return z.NEVER;
    }
    return address;
  })
  .meta({ example: "ada@example.org" });

/** A folder path with `/` between levels, like `Lists/Rust`. */
const folderName = oneLine("Folder", 200)
  .trim()
  .min(1, "Folder is required")
  .refine((value) => !/[*%]/.test(value), "Folder cannot contain * or %")
  .refine((value) => value.split("/").every((part) => part.trim() !== "" && part !== "." && part !== ".."), {
    message: "Folder levels are separated by single / and cannot be empty, . or ..",
  });

const textOps = ["contains", "is", "matches"] as const;
const sizeOps = ["over", "under"] as const;

export const ruleConditionSchema = z
  .strictObject({
    field: z.enum(["from", "to", "subject", "header", "size", "listId"]),
    header: z
      .string()
      .max(100)
      .regex(HEADER_NAME, "A header name is printable ASCII without spaces or colons")
      .optional()
      .meta({ description: "The header's name when `field` is `header`." }),
    op: z.enum([...textOps, ...sizeOps]),
    value: z.union([oneLine("Value", 500), z.number().int().min(0).max(2_147_483_647)]).meta({
      description:
        "Text for from, to, subject, header and listId (`matches` takes `*` and `?` wildcards); a size in bytes for size (`over` / `under`).",
    }),
  })
  .superRefine((condition, context) => {
    const isSize = condition.field === "size";
    if (isSize !== (sizeOps as readonly string[]).includes(condition.op)) {
      context.addIssue({ code: "custom", path: ["op"], message: isSize ? "Size takes over or under" : "Use contains, is or matches" });
    }
    if (isSize && typeof condition.value !== "number") {
      context.addIssue({ code: "custom", path: ["value"], message: "Size is a whole number of bytes" });
    }
    if (!isSize && (typeof condition.value !== "string" || condition.value === "")) {
      context.addIssue({ code: "custom", path: ["value"], message: "Enter the text to look for" });
    }
    if ((condition.field === "header") !== (condition.header !== undefined)) {
      context.addIssue({
        code: "custom",
        path: ["header"],
        message: condition.field === "header" ? "Name the header" : "Only a header condition names a header",
      });
    }
  });

export const ruleActionSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("move"), folder: folderName.meta({ description: "Created when missing." }) }),
  z.strictObject({ type: z.literal("markRead") }),
  z.strictObject({ type: z.literal("flag") }),
  z.strictObject({ type: z.literal("forward"), to: forwardAddress }),
  z.strictObject({ type: z.literal("discard") }),
  z.strictObject({ type: z.literal("stop") }),
]);

export const ruleFilterSchema = z.strictObject({
  name: oneLine("Name", 100).trim().min(1, "Name is required"),
  match: z.enum(["all", "any"]),
  conditions: z.array(ruleConditionSchema).min(1, "Add at least one condition").max(MAX_FILTER_CONDITIONS),
  actions: z.array(ruleActionSchema).min(1, "Add at least one action").max(MAX_FILTER_ACTIONS),
});

// A calendar day; a plain pattern, as JSON Schema validators differ on the "date" format.
const isoDay = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, "Use a date like 2026-07-01")
  .meta({ example: "2026-07-01" });

export const vacationSchema = z
  .strictObject({
    enabled: z.boolean(),
    start: isoDay.optional().meta({ description: "First day (UTC) replies are sent." }),
    end: isoDay.optional().meta({ description: "Last day (UTC) replies are sent." }),
    subject: oneLine("Subject", 200).trim().min(1, "Subject is required"),
    text: z.string().trim().min(1, "Text is required").max(5000, "Text can be at most 5000 characters"),
    intervalDays: z.number().int().min(1, "At least 1 day").max(30, "At most 30 days").meta({
      description: "A sender is answered at most once in this many days.",
    }),
  })
  .refine((vacation) => !vacation.start || !vacation.end || vacation.start <= vacation.end, {
    path: ["end"],
    message: "The end is before the start",
  });

export const forwardingSchema = z.strictObject({
  to: z.array(forwardAddress).min(1, "Add an address").max(MAX_FORWARD_ADDRESSES, `At most ${MAX_FORWARD_ADDRESSES} addresses`),
  keepCopy: z.boolean().meta({ description: "Also keep the message in this mailbox." }),
});

export const mailboxRulesBody = z
  .strictObject({
    filters: z.array(ruleFilterSchema).max(MAX_FILTERS, `At most ${MAX_FILTERS} filters`),
    forwarding: forwardingSchema.nullable(),
    vacation: vacationSchema.nullable(),
  })
  .meta({ id: "MailboxRulesInput" });

export type MailboxRulesDocument = z.output<typeof mailboxRulesBody>;
export type RuleFilter = z.output<typeof ruleFilterSchema>;
export type RuleCondition = z.output<typeof ruleConditionSchema>;
export type RuleAction = z.output<typeof ruleActionSchema>;

export const emptyMailboxRules: MailboxRulesDocument = { filters: [], forwarding: null, vacation: null };

export const mailboxRulesSchema = z
  .object({
    filters: z.array(ruleFilterSchema),
    forwarding: forwardingSchema.nullable(),
    vacation: vacationSchema.nullable(),
    source: z.enum(["api", "custom"]).meta({
      description: "`custom` when a script uploaded over ManageSieve is in force instead of these rules.",
    }),
    sieve: z.string().meta({ description: "The Sieve script these rules compile to." }),
  })
  .meta({ id: "MailboxRules" });

export type MailboxRules = z.output<typeof mailboxRulesSchema>;
