// The Rules page's form (filters, forwarding and the vacation reply): plain
// fields a person fills in, checked with the API's own rules for each part,
// then turned into the API's document parts.
import { z } from "zod";
import { MAX_FILTERS } from "@/shared/mailbox-rules-limits";
import { forwardingSchema, ruleFilterSchema, vacationSchema } from "@/shared/schemas/mailbox-rules";
import { sizeInBytes, toRuleFilterCandidate } from "./filter-form-values";

const filterFormSchema = z.object({
  name: z.string(),
  match: z.enum(["all", "any"]),
  conditions: z.array(
    z.object({
      field: z.enum(["from", "to", "subject", "header", "size", "listId"]),
      header: z.string(),
      op: z.enum(["contains", "is", "matches", "over", "under"]),
      value: z.string(),
      unit: z.enum(["bytes", "KB", "MB"]),
    }),
  ),
  actions: z.array(
    z.object({
      type: z.enum(["move", "markRead", "flag", "forward", "discard", "stop"]),
      folder: z.string(),
      to: z.string(),
    }),
  ),
});

type FilterForm = z.output<typeof filterFormSchema>;

/** Each filter through the API's own schema, its issues on the form's fields (the same paths as the API's). */
function checkFilters(filters: FilterForm[], context: z.RefinementCtx) {
  let valid = true;
  const checked = filters.map((filter, index) => {
    const unsized = new Set<number>();
    filter.conditions.forEach((condition, at) => {
      if (condition.field === "size" && sizeInBytes(condition.value, condition.unit) === null) unsized.add(at);
    });
    for (const at of unsized) {
      context.addIssue({ code: "custom", path: ["filters", index, "conditions", at, "value"], message: "Enter a size like 10" });
    }
    const result = ruleFilterSchema.safeParse(toRuleFilterCandidate(filter));
    if (!result.success) {
      for (const issue of result.error.issues) {
        const [part, at] = issue.path;
        if (part === "conditions" && typeof at === "number" && unsized.has(at)) continue;
        context.addIssue({ code: "custom", path: ["filters", index, ...issue.path], message: issue.message });
      }
    }
    valid &&= result.success && unsized.size === 0;
    return result.data;
  });
  if (filters.length > MAX_FILTERS) {
    context.addIssue({ code: "custom", path: ["filters"], message: `At most ${MAX_FILTERS} filters` });
    valid = false;
  }
  return valid ? checked.filter((filter) => filter !== undefined) : null;
}

export const rulesFormSchema = z
  .object({
    filters: z.array(filterFormSchema),
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
    const filters = checkFilters(form.filters, context);
    if (!filters || !vacation.success || (forwarding && !forwarding.success)) return z.NEVER;
    return { filters, forwarding: forwarding?.data ?? null, vacation: vacation.data };
  });

export type RulesFormInput = z.input<typeof rulesFormSchema>;
export type RulesFormOutput = z.output<typeof rulesFormSchema>;
