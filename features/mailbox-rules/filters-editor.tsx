"use client";
// The Rules page's filters, edited in place: add, change, delete and reorder
// them (Sieve runs them top to bottom), each with its conditions and actions.
// Saved with the rest of the page (docs/spam-and-rules.md, "In the portal").
import { useId } from "react";
import { type FieldError, type UseFormReturn, useFieldArray, useWatch } from "react-hook-form";
import { Button } from "@/components/button";
import { describedBy, FormField, type FieldIds, fieldIds, inputClass } from "@/components/form-field";
import { MAX_FILTER_ACTIONS, MAX_FILTER_CONDITIONS, MAX_FILTERS } from "@/shared/mailbox-rules-limits";
import {
  ACTION_LABELS,
  type ConditionField,
  describeFilter,
  FIELD_LABELS,
  isSizeOp,
  newAction,
  newCondition,
  newFilter,
  SIZE_OPS,
  SIZE_UNITS,
  TEXT_OPS,
} from "./filter-form-values";
import type { RulesFormInput, RulesFormOutput } from "./rules-form-schema";

type RulesForm = UseFormReturn<RulesFormInput, unknown, RulesFormOutput>;
type ListError = { message?: string; root?: FieldError } | undefined;

const listMessage = (error: ListError) => error?.message ?? error?.root?.message;
const smallInputClass = inputClass.replace("px-3 py-2", "px-2.5 py-1.5");
const rowClass = "flex flex-wrap items-start gap-2";

/** An error under one control of a row, which points at it. */
function ControlError({ ids, error }: { ids: FieldIds; error?: string }) {
  return error ? (
    <p id={ids.error} className="mt-1 text-sm text-red-600 dark:text-red-400">
      {error}
    </p>
  ) : null;
}

function RemoveButton({ label, onClick, disabled }: { label: string; onClick: () => void; disabled: boolean }) {
  return (
    <Button variant="ghost" size="sm" aria-label={label} title={label} onClick={onClick} disabled={disabled} className="shrink-0">
      <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
        <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
      </svg>
    </Button>
  );
}

function ConditionRow({
  form,
  filter,
  at,
  count,
  onRemove,
}: {
  form: RulesForm;
  filter: number;
  at: number;
  count: number;
  onRemove: () => void;
}) {
  const path = `filters.${filter}.conditions.${at}` as const;
  const condition = useWatch({ control: form.control, name: path });
  const errors = form.formState.errors.filters?.[filter]?.conditions?.[at];
  const id = (part: string) => fieldIds(`filter-${filter}-condition-${at}-${part}`);
  const ids = { field: id("field"), header: id("header"), op: id("op"), value: id("value"), unit: id("unit") };
  const isSize = condition?.field === "size";
  const onFieldChange = (event: { target: { value: string } }) => {
    const size = (event.target.value as ConditionField) === "size";
    const op = form.getValues(`${path}.op`);
    if (size !== isSizeOp(op)) form.setValue(`${path}.op`, size ? "over" : "contains");
  };
  return (
    <li>
      <div role="group" aria-label={`Condition ${at + 1}`} className={rowClass}>
        <div className="min-w-0 flex-1 basis-36">
          <label htmlFor={ids.field.control} className="sr-only">
            Field
          </label>
          <select
            {...form.register(`${path}.field`, { onChange: onFieldChange })}
            {...describedBy(ids.field, { error: errors?.field?.message })}
            className={smallInputClass}
          >
            {Object.entries(FIELD_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <ControlError ids={ids.field} error={errors?.field?.message} />
        </div>
        {condition?.field === "header" ? (
          <div className="min-w-0 flex-1 basis-36">
            <label htmlFor={ids.header.control} className="sr-only">
              Header name
            </label>
            <input
              type="text"
              placeholder="Header name, like X-Mailer"
              {...form.register(`${path}.header`)}
              {...describedBy(ids.header, { error: errors?.header?.message })}
              className={smallInputClass}
            />
            <ControlError ids={ids.header} error={errors?.header?.message} />
          </div>
        ) : null}
        <div className="min-w-0 flex-1 basis-32">
          <label htmlFor={ids.op.control} className="sr-only">
            Comparison
          </label>
          <select {...form.register(`${path}.op`)} {...describedBy(ids.op, { error: errors?.op?.message })} className={smallInputClass}>
            {Object.entries(isSize ? SIZE_OPS : TEXT_OPS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <ControlError ids={ids.op} error={errors?.op?.message} />
        </div>
        <div className="min-w-0 flex-[2] basis-40">
          <label htmlFor={ids.value.control} className="sr-only">
            {isSize ? "Size" : "Text"}
          </label>
          <input
            type={isSize ? "number" : "text"}
            min={isSize ? 0 : undefined}
            step={isSize ? "any" : undefined}
            inputMode={isSize ? "decimal" : undefined}
            {...form.register(`${path}.value`)}
            {...describedBy(ids.value, { error: errors?.value?.message })}
            className={smallInputClass}
          />
          <ControlError ids={ids.value} error={errors?.value?.message} />
        </div>
        {isSize ? (
          <div className="w-24 shrink-0">
            <label htmlFor={ids.unit.control} className="sr-only">
              Unit
            </label>
            <select id={ids.unit.control} {...form.register(`${path}.unit`)} className={smallInputClass}>
              {Object.keys(SIZE_UNITS).map((unit) => (
                <option key={unit} value={unit}>
                  {unit}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <RemoveButton label={`Remove condition ${at + 1}`} onClick={onRemove} disabled={count === 1} />
      </div>
    </li>
  );
}

function ActionRow({
  form,
  filter,
  at,
  count,
  onRemove,
}: {
  form: RulesForm;
  filter: number;
  at: number;
  count: number;
  onRemove: () => void;
}) {
  const path = `filters.${filter}.actions.${at}` as const;
  const type = useWatch({ control: form.control, name: `${path}.type` });
  const errors = form.formState.errors.filters?.[filter]?.actions?.[at];
  const id = (part: string) => fieldIds(`filter-${filter}-action-${at}-${part}`);
  const ids = { type: id("type"), folder: id("folder"), to: id("to") };
  return (
    <li>
      <div role="group" aria-label={`Action ${at + 1}`} className={rowClass}>
        <div className="min-w-0 flex-1 basis-40">
          <label htmlFor={ids.type.control} className="sr-only">
            Action
          </label>
          <select
            {...form.register(`${path}.type`)}
            {...describedBy(ids.type, { error: errors?.type?.message })}
            className={smallInputClass}
          >
            {Object.entries(ACTION_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <ControlError ids={ids.type} error={errors?.type?.message} />
        </div>
        {type === "move" ? (
          <div className="min-w-0 flex-[2] basis-40">
            <label htmlFor={ids.folder.control} className="sr-only">
              Folder
            </label>
            <input
              type="text"
              placeholder="Folder, like Lists/Rust"
              {...form.register(`${path}.folder`)}
              {...describedBy(ids.folder, { error: errors?.folder?.message })}
              className={smallInputClass}
            />
            <ControlError ids={ids.folder} error={errors?.folder?.message} />
          </div>
        ) : null}
        {type === "forward" ? (
          <div className="min-w-0 flex-[2] basis-40">
            <label htmlFor={ids.to.control} className="sr-only">
              Address
            </label>
            <input
              type="email"
              placeholder="ada@example.org"
              {...form.register(`${path}.to`)}
              {...describedBy(ids.to, { error: errors?.to?.message })}
              className={smallInputClass}
            />
            <ControlError ids={ids.to} error={errors?.to?.message} />
          </div>
        ) : null}
        <RemoveButton label={`Remove action ${at + 1}`} onClick={onRemove} disabled={count === 1} />
      </div>
    </li>
  );
}

type FilterEditorProps = { form: RulesForm; index: number; count: number; onMove: (to: number) => void; onRemove: () => void };

function FilterEditor({ form, index, count, onMove, onRemove }: FilterEditorProps) {
  const conditions = useFieldArray({ control: form.control, name: `filters.${index}.conditions` });
  const actions = useFieldArray({ control: form.control, name: `filters.${index}.actions` });
  const filter = useWatch({ control: form.control, name: `filters.${index}` });
  const errors = form.formState.errors.filters?.[index];
  const number = index + 1;
  const ids = { name: fieldIds(`filter-${index}-name`), match: fieldIds(`filter-${index}-match`) };
  const headingId = useId();
  const subheading = "text-sm font-medium text-zinc-800 dark:text-zinc-200";
  return (
    <div
      role="group"
      aria-labelledby={headingId}
      className="min-w-0 space-y-4 rounded-lg border border-zinc-200 p-3 sm:p-4 dark:border-zinc-800"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1 basis-48">
          <h3 id={headingId} className="text-sm font-semibold text-zinc-900 dark:text-white">
            Filter {number}
          </h3>
          {filter ? <p className="break-words text-sm text-zinc-600 dark:text-zinc-400">{describeFilter(filter)}</p> : null}
        </div>
        <div className="flex shrink-0 gap-1">
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Move filter ${number} up`}
            disabled={index === 0}
            onClick={() => onMove(index - 1)}
          >
            Up
          </Button>
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Move filter ${number} down`}
            disabled={index === count - 1}
            onClick={() => onMove(index + 1)}
          >
            Down
          </Button>
          <Button variant="secondary" size="sm" aria-label={`Delete filter ${number}`} onClick={onRemove}>
            Delete
          </Button>
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField ids={ids.name} label="Filter name" optional hint="Blank: named after its first condition." error={errors?.name?.message}>
          <input
            type="text"
            {...form.register(`filters.${index}.name`)}
            {...describedBy(ids.name, { hint: true, error: errors?.name?.message })}
            className={inputClass}
          />
        </FormField>
        <FormField ids={ids.match} label="Applies when" error={errors?.match?.message}>
          <select
            {...form.register(`filters.${index}.match`)}
            {...describedBy(ids.match, { error: errors?.match?.message })}
            className={inputClass}
          >
            <option value="all">all conditions match</option>
            <option value="any">any condition matches</option>
          </select>
        </FormField>
      </div>
      <div className="space-y-2">
        <h4 className={subheading}>Conditions</h4>
        <ol aria-label={`Conditions of filter ${number}`} className="space-y-2">
          {conditions.fields.map((field, at) => (
            <ConditionRow
              key={field.id}
              form={form}
              filter={index}
              at={at}
              count={conditions.fields.length}
              onRemove={() => conditions.remove(at)}
            />
          ))}
        </ol>
        {listMessage(errors?.conditions) ? (
          <p className="text-sm text-red-600 dark:text-red-400">{listMessage(errors?.conditions)}</p>
        ) : null}
        <Button
          variant="ghost"
          size="sm"
          disabled={conditions.fields.length >= MAX_FILTER_CONDITIONS}
          onClick={() => conditions.append(newCondition())}
        >
          + Add condition
        </Button>
      </div>
      <div className="space-y-2">
        <h4 className={subheading}>Then</h4>
        <ol aria-label={`Actions of filter ${number}`} className="space-y-2">
          {actions.fields.map((field, at) => (
            <ActionRow
              key={field.id}
              form={form}
              filter={index}
              at={at}
              count={actions.fields.length}
              onRemove={() => actions.remove(at)}
            />
          ))}
        </ol>
        {listMessage(errors?.actions) ? <p className="text-sm text-red-600 dark:text-red-400">{listMessage(errors?.actions)}</p> : null}
        <Button
          variant="ghost"
          size="sm"
          disabled={actions.fields.length >= MAX_FILTER_ACTIONS}
          onClick={() => actions.append(newAction())}
        >
          + Add action
        </Button>
      </div>
    </div>
  );
}

export function FiltersEditor({ form }: { form: RulesForm }) {
  const filters = useFieldArray({ control: form.control, name: "filters" });
  const error = listMessage(form.formState.errors.filters as ListError);
  return (
    <div className="space-y-4">
      {filters.fields.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No filters yet. Every message stays in the inbox.</p>
      ) : (
        <ol aria-label="Filters, in the order they run" className="space-y-4">
          {filters.fields.map((field, index) => (
            <li key={field.id}>
              <FilterEditor
                form={form}
                index={index}
                count={filters.fields.length}
                onMove={(to) => filters.move(index, to)}
                onRemove={() => filters.remove(index)}
              />
            </li>
          ))}
        </ol>
      )}
      {error ? <p className="text-sm text-red-600 dark:text-red-400">{error}</p> : null}
      <Button variant="secondary" size="sm" disabled={filters.fields.length >= MAX_FILTERS} onClick={() => filters.append(newFilter())}>
        Add filter
      </Button>
    </div>
  );
}

/** Every field of the filters the API's errors may name (filters.0.conditions.1.value). */
export function filterFieldPaths(filters: RulesFormInput["filters"]): string[] {
  return [
    "filters",
    ...filters.flatMap((filter, index) => {
      const at = `filters.${index}`;
      return [
        `${at}.name`,
        `${at}.match`,
        `${at}.conditions`,
        `${at}.actions`,
        ...filter.conditions.flatMap((_, condition) =>
          ["field", "header", "op", "value"].map((part) => `${at}.conditions.${condition}.${part}`),
        ),
        ...filter.actions.flatMap((_, action) => ["type", "folder", "to"].map((part) => `${at}.actions.${action}.${part}`)),
      ];
    }),
  ];
}
