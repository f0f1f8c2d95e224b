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
const wideControl = "min-w-0 flex-[2] basis-32";

/** One control of a condition or action row: its label for screen readers, and its error under it. */
function RowControl({
  ids,
  label,
  error,
  className = "min-w-0 flex-1 basis-28",
  children,
}: {
  ids: FieldIds;
  label: string;
  error?: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={ids.control} className="sr-only">
        {label}
      </label>
      {children}
      {error ? (
        <p id={ids.error} className="mt-1 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Options({ labels }: { labels: Record<string, string> }) {
  return Object.entries(labels).map(([value, label]) => (
    <option key={value} value={value}>
      {label}
    </option>
  ));
}

type RowProps = { form: RulesForm; filter: number; at: number; count: number; onRemove: () => void };

/** A row of a filter's conditions or actions, named for assistive technology, with its remove button. */
function Row({ name, count, onRemove, children }: Pick<RowProps, "count" | "onRemove"> & { name: string; children: React.ReactNode }) {
  const label = `Remove ${name.toLowerCase()}`;
  return (
    <li>
      <div role="group" aria-label={name} className="flex items-start gap-2">
        {/* The controls wrap on a phone; the remove button stays at the row's end. */}
        <div className="flex min-w-0 flex-1 flex-wrap items-start gap-2">{children}</div>
        <Button variant="ghost" size="sm" aria-label={label} title={label} onClick={onRemove} disabled={count === 1} className="shrink-0">
          <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
            <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
          </svg>
        </Button>
      </div>
    </li>
  );
}

const SIZE_UNIT_LABELS = Object.fromEntries(Object.keys(SIZE_UNITS).map((unit) => [unit, unit]));

function ConditionRow({ form, filter, at, count, onRemove }: RowProps) {
  const path = `filters.${filter}.conditions.${at}` as const;
  const condition = useWatch({ control: form.control, name: path });
  const errors = form.formState.errors.filters?.[filter]?.conditions?.[at];
  const id = (part: string) => fieldIds(`filter-${filter}-condition-${at}-${part}`);
  const ids = { field: id("field"), header: id("header"), op: id("op"), value: id("value"), unit: id("unit") };
  const isSize = condition?.field === "size";
  // The comparisons differ for sizes: switching the field picks one that fits.
  const onFieldChange = (event: { target: { value: string } }) => {
    const size = (event.target.value as ConditionField) === "size";
    if (size !== isSizeOp(form.getValues(`${path}.op`))) form.setValue(`${path}.op`, size ? "over" : "contains");
  };
  return (
    <Row name={`Condition ${at + 1}`} count={count} onRemove={onRemove}>
      <RowControl ids={ids.field} label="Field" error={errors?.field?.message}>
        <select
          {...form.register(`${path}.field`, { onChange: onFieldChange })}
          {...describedBy(ids.field, { error: errors?.field?.message })}
          className={smallInputClass}
        >
          <Options labels={FIELD_LABELS} />
        </select>
      </RowControl>
      {condition?.field === "header" ? (
        <RowControl ids={ids.header} label="Header name" error={errors?.header?.message}>
          <input
            type="text"
            placeholder="Header name, like X-Mailer"
            {...form.register(`${path}.header`)}
            {...describedBy(ids.header, { error: errors?.header?.message })}
            className={smallInputClass}
          />
        </RowControl>
      ) : null}
      <RowControl ids={ids.op} label="Comparison" error={errors?.op?.message}>
        <select {...form.register(`${path}.op`)} {...describedBy(ids.op, { error: errors?.op?.message })} className={smallInputClass}>
          <Options labels={isSize ? SIZE_OPS : TEXT_OPS} />
        </select>
      </RowControl>
      <RowControl ids={ids.value} label={isSize ? "Size" : "Text"} error={errors?.value?.message} className={wideControl}>
        <input
          type={isSize ? "number" : "text"}
          min={isSize ? 0 : undefined}
          step={isSize ? "any" : undefined}
          inputMode={isSize ? "decimal" : undefined}
          {...form.register(`${path}.value`)}
          {...describedBy(ids.value, { error: errors?.value?.message })}
          className={smallInputClass}
        />
      </RowControl>
      {isSize ? (
        <RowControl ids={ids.unit} label="Unit" className="w-20 shrink-0">
          <select id={ids.unit.control} {...form.register(`${path}.unit`)} className={smallInputClass}>
            <Options labels={SIZE_UNIT_LABELS} />
          </select>
        </RowControl>
      ) : null}
    </Row>
  );
}

function ActionRow({ form, filter, at, count, onRemove }: RowProps) {
  const path = `filters.${filter}.actions.${at}` as const;
  const type = useWatch({ control: form.control, name: `${path}.type` });
  const errors = form.formState.errors.filters?.[filter]?.actions?.[at];
  const id = (part: string) => fieldIds(`filter-${filter}-action-${at}-${part}`);
  const ids = { type: id("type"), folder: id("folder"), to: id("to") };
  return (
    <Row name={`Action ${at + 1}`} count={count} onRemove={onRemove}>
      <RowControl ids={ids.type} label="Action" error={errors?.type?.message} className="min-w-0 flex-1 basis-40">
        <select {...form.register(`${path}.type`)} {...describedBy(ids.type, { error: errors?.type?.message })} className={smallInputClass}>
          <Options labels={ACTION_LABELS} />
        </select>
      </RowControl>
      {type === "move" ? (
        <RowControl ids={ids.folder} label="Folder" error={errors?.folder?.message} className={wideControl}>
          <input
            type="text"
            placeholder="Folder, like Lists/Rust"
            {...form.register(`${path}.folder`)}
            {...describedBy(ids.folder, { error: errors?.folder?.message })}
            className={smallInputClass}
          />
        </RowControl>
      ) : null}
      {type === "forward" ? (
        <RowControl ids={ids.to} label="Address" error={errors?.to?.message} className={wideControl}>
          <input
            type="email"
            placeholder="ada@example.org"
            {...form.register(`${path}.to`)}
            {...describedBy(ids.to, { error: errors?.to?.message })}
            className={smallInputClass}
          />
        </RowControl>
      ) : null}
    </Row>
  );
}

/** A filter's conditions or its actions: the rows, an error about the list as a whole, and the add button. */
function RowList({
  heading,
  label,
  error,
  canAdd,
  onAdd,
  addLabel,
  children,
}: {
  heading: string;
  label: string;
  error?: string;
  canAdd: boolean;
  onAdd: () => void;
  addLabel: string;
  children: React.ReactNode;
}) {
  return (
    <div className="space-y-2">
      <h4 className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{heading}</h4>
      <ol aria-label={label} className="space-y-2">
        {children}
      </ol>
      {error ? <p className="text-sm text-red-600 dark:text-red-400">{error}</p> : null}
      <Button variant="ghost" size="sm" disabled={!canAdd} onClick={onAdd}>
        + {addLabel}
      </Button>
    </div>
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
      <RowList
        heading="Conditions"
        label={`Conditions of filter ${number}`}
        error={listMessage(errors?.conditions)}
        canAdd={conditions.fields.length < MAX_FILTER_CONDITIONS}
        onAdd={() => conditions.append(newCondition())}
        addLabel="Add condition"
      >
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
      </RowList>
      <RowList
        heading="Then"
        label={`Actions of filter ${number}`}
        error={listMessage(errors?.actions)}
        canAdd={actions.fields.length < MAX_FILTER_ACTIONS}
        onAdd={() => actions.append(newAction())}
        addLabel="Add action"
      >
        {actions.fields.map((field, at) => (
          <ActionRow key={field.id} form={form} filter={index} at={at} count={actions.fields.length} onRemove={() => actions.remove(at)} />
        ))}
      </RowList>
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
