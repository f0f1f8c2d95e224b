// The Rules page's filters as a person edits them: every control a plain
// string (a size with its unit), turned into the API's filter on submit and
// back from it on load. No zod here, so the page loads without it.
import type { RuleAction, RuleCondition, RuleFilter } from "@/shared/schemas/mailbox-rules";

export type ConditionField = RuleCondition["field"];
export type ConditionOp = RuleCondition["op"];
export type ActionType = RuleAction["type"];
export type SizeUnit = "bytes" | "KB" | "MB";

export type ConditionFormValues = { field: ConditionField; header: string; op: ConditionOp; value: string; unit: SizeUnit };
export type ActionFormValues = { type: ActionType; folder: string; to: string };
export type FilterFormValues = {
  name: string;
  match: "all" | "any";
  conditions: ConditionFormValues[];
  actions: ActionFormValues[];
};

export const FIELD_LABELS = {
  subject: "Subject",
  from: "From",
  to: "To or Cc",
  listId: "Mailing list (List-Id)",
  header: "Another header",
  size: "Size",
} as const satisfies Record<ConditionField, string>;

export const TEXT_OPS = { contains: "contains", is: "is exactly", matches: "matches (* and ?)" } as const satisfies Partial<
  Record<ConditionOp, string>
>;
export const SIZE_OPS = { over: "is over", under: "is under" } as const satisfies Partial<Record<ConditionOp, string>>;

export const ACTION_LABELS = {
  move: "Move to folder",
  markRead: "Mark as read",
  flag: "Flag",
  forward: "Forward a copy to",
  discard: "Delete it (discard)",
  stop: "Stop (skip the filters below)",
} as const satisfies Record<ActionType, string>;

export const SIZE_UNITS = { bytes: 1, KB: 1024, MB: 1024 * 1024 } as const satisfies Record<SizeUnit, number>;

export const isSizeOp = (op: string) => op in SIZE_OPS;

export const newCondition = (): ConditionFormValues => ({ field: "subject", header: "", op: "contains", value: "", unit: "KB" });
export const newAction = (): ActionFormValues => ({ type: "move", folder: "", to: "" });
export const newFilter = (): FilterFormValues => ({ name: "", match: "all", conditions: [newCondition()], actions: [newAction()] });

/** The largest unit a size in bytes is a whole number of, so loading and saving never changes it. */
function sizeInUnit(bytes: number): { value: string; unit: SizeUnit } {
  for (const unit of ["MB", "KB"] as const) {
    if (bytes > 0 && bytes % SIZE_UNITS[unit] === 0) return { value: String(bytes / SIZE_UNITS[unit]), unit };
  }
  return bytes === 0 ? { value: "0", unit: "KB" } : { value: String(bytes), unit: "bytes" };
}

export function toFilterFormValues(filter: RuleFilter): FilterFormValues {
  return {
    name: filter.name,
    match: filter.match,
    conditions: filter.conditions.map((condition) => ({
      field: condition.field,
      header: condition.header ?? "",
      op: condition.op,
      ...(typeof condition.value === "number" ? sizeInUnit(condition.value) : { value: condition.value, unit: "KB" as const }),
    })),
    actions: filter.actions.map((action) => ({
      type: action.type,
      folder: action.type === "move" ? action.folder : "",
      to: action.type === "forward" ? action.to : "",
    })),
  };
}

/** A size typed as "1.5" MB in bytes; null when it is not a size. */
export function sizeInBytes(value: string, unit: SizeUnit): number | null {
  const text = value.trim();
  const number = Number(text);
  if (text === "" || !Number.isFinite(number) || number < 0) return null;
  return Math.round(number * SIZE_UNITS[unit]);
}

/** One condition in words, like "Subject contains invoice". */
export function describeCondition(condition: ConditionFormValues): string {
  const subject = condition.field === "header" ? condition.header.trim() || "Header" : FIELD_LABELS[condition.field];
  const ops: Record<string, string> = { ...TEXT_OPS, ...SIZE_OPS };
  const value = condition.field === "size" ? `${condition.value.trim()} ${condition.unit}` : condition.value.trim();
  return `${subject} ${ops[condition.op] ?? condition.op} ${value}`;
}

/** The name a filter left unnamed gets: its first condition, within the API's 100 characters. */
export const defaultFilterName = (filter: FilterFormValues) =>
  filter.conditions[0] ? describeCondition(filter.conditions[0]).slice(0, 100).trim() : "";

/** The API's document part for one filter as typed; the API's schema then checks it. */
export function toRuleFilterCandidate(filter: FilterFormValues) {
  return {
    name: filter.name.trim() || defaultFilterName(filter),
    match: filter.match,
    conditions: filter.conditions.map((condition) => ({
      field: condition.field,
      ...(condition.field === "header" ? { header: condition.header.trim() } : {}),
      op: condition.op,
      value: condition.field === "size" ? (sizeInBytes(condition.value, condition.unit) ?? condition.value) : condition.value,
    })),
    actions: filter.actions.map((action) =>
      action.type === "move"
        ? { type: action.type, folder: action.folder }
        : action.type === "forward"
          ? { type: action.type, to: action.to }
          : { type: action.type },
    ),
  };
}

/** "When Subject contains invoice: Move to folder Bills" for a filter's heading. */
export function describeFilter(filter: FilterFormValues): string {
  const conditions = filter.conditions.map(describeCondition).join(filter.match === "all" ? " and " : " or ");
  const actions = filter.actions
    .map((action) =>
      action.type === "move"
        ? `move to ${action.folder.trim() || "…"}`
        : action.type === "forward"
          ? `forward to ${action.to.trim() || "…"}`
          : ACTION_LABELS[action.type].toLowerCase(),
    )
    .join(", ");
  return `When ${conditions}: ${actions}`;
}
