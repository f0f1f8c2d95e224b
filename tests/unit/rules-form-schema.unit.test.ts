// The portal's Rules form: filters typed as plain fields (a size with its
// unit, a blank name) become the API's document, checked by the API's own
// schema with its issues on the same paths the form's fields have; a filter
// loaded from the API comes back unchanged when saved as it is.
import { describe, expect, it } from "vitest";
import { newFilter, toFilterFormValues } from "@/features/mailbox-rules/filter-form-values";
import { rulesFormSchema } from "@/features/mailbox-rules/rules-form-schema";
import { mailboxRulesBody, type RuleFilter } from "@/shared/schemas/mailbox-rules";

const vacation = { enabled: false, start: "", end: "", subject: "Out of office", text: "Away.", intervalDays: 7 };
const form = (filters: unknown[]) => ({ filters, forwarding: { on: false, to: "", keepCopy: true }, vacation });
const issuesOf = (filters: unknown[]) =>
  rulesFormSchema.safeParse(form(filters)).error?.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })) ?? [];

describe("rules form schema, filters", () => {
  it("saves the defaults with no filters", () => {
    expect(rulesFormSchema.parse(form([])).filters).toEqual([]);
  });

  it("turns a new filter with its values filled into the API's filter, named after its condition", () => {
    const filter = newFilter();
    filter.conditions[0]!.value = "Invoice";
    filter.actions[0]!.folder = "Bills";
    const document = rulesFormSchema.parse(form([filter]));
    expect(document.filters).toEqual([
      {
        name: "Subject contains Invoice",
        match: "all",
        conditions: [{ field: "subject", op: "contains", value: "Invoice" }],
        actions: [{ type: "move", folder: "Bills" }],
      },
    ]);
    expect(mailboxRulesBody.parse(document)).toEqual(document);
  });

  it("puts the API's rules beside the fields of a new filter left empty (a field shows its first)", () => {
    expect(issuesOf([newFilter()])).toEqual([
      { path: "filters.0.conditions.0.value", message: "Enter the text to look for" },
      { path: "filters.0.actions.0.folder", message: "Folder is required" },
      { path: "filters.0.actions.0.folder", message: expect.stringContaining("Folder levels") },
    ]);
  });

  it("reads a size in its unit and asks for a number", () => {
    const filter = {
      ...newFilter(),
      name: "Big",
      conditions: [{ field: "size", header: "", op: "over", value: "1.5", unit: "MB" }],
      actions: [{ type: "discard", folder: "", to: "" }],
    };
    expect(rulesFormSchema.parse(form([filter])).filters[0]?.conditions).toEqual([{ field: "size", op: "over", value: 1_572_864 }]);
    const unsized = { ...filter, conditions: [{ ...filter.conditions[0], value: "lots" }] };
    expect(issuesOf([unsized])).toEqual([{ path: "filters.0.conditions.0.value", message: "Enter a size like 10" }]);
  });

  it("asks a header condition for the header's name", () => {
    const filter = { ...newFilter(), conditions: [{ field: "header", header: " ", op: "is", value: "yes", unit: "KB" }] };
    filter.actions = [{ type: "flag", folder: "", to: "" }];
    expect(issuesOf([filter]).map((issue) => issue.path)).toEqual(["filters.0.conditions.0.header"]);
  });

  it("gives back an API filter unchanged, sizes in the largest whole unit", () => {
    const filters: RuleFilter[] = [
      {
        name: "Lists",
        match: "any",
        conditions: [
          { field: "listId", op: "matches", value: "*rust*" },
          { field: "header", header: "X-Mailer", op: "is", value: "bulk" },
          { field: "size", op: "under", value: 2048 },
          { field: "size", op: "over", value: 3 * 1024 * 1024 },
          { field: "size", op: "over", value: 1500 },
        ],
        actions: [
          { type: "forward", to: "ada@example.org" },
          { type: "markRead" },
          { type: "move", folder: "Lists/Rust" },
          { type: "stop" },
        ],
      },
    ];
    const values = filters.map(toFilterFormValues);
    expect(values[0]?.conditions.map((condition) => `${condition.value} ${condition.unit}`).slice(2)).toEqual([
      "2 KB",
      "3 MB",
      "1500 bytes",
    ]);
    expect(rulesFormSchema.parse(form(values)).filters).toEqual(filters);
  });
});
