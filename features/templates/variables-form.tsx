"use client";
// Sample values for the preview, as a form made from the template's variables
// schema: a text field for a string (a list for an enum), a number field for
// a number, a checkbox for a boolean, and JSON for lists and objects. Each
// starts at the schema's default or first example, else a stand-in.
import { inputClass } from "@/components/form-field";

type PropertySchema = { type?: string | string[]; enum?: unknown[]; default?: unknown; examples?: unknown[]; description?: string };

export function propertiesOf(schema: Record<string, unknown> | null): [string, PropertySchema][] {
  const properties = schema?.properties;
  return properties && typeof properties === "object" ? Object.entries(properties as Record<string, PropertySchema>) : [];
}

const typeOf = (property: PropertySchema) => (Array.isArray(property.type) ? property.type[0] : property.type);

/** A value to preview a property with before anyone types one. */
function standIn(name: string, property: PropertySchema): unknown {
  if (property.default !== undefined) return property.default;
  if (property.examples?.length) return property.examples[0];
  if (property.enum?.length) return property.enum[0];
  switch (typeOf(property)) {
    case "number":
    case "integer":
      return 1;
    case "boolean":
      return false;
    case "array":
      return [];
    case "object":
      return {};
    default:
      return name;
  }
}

export function sampleValues(schema: Record<string, unknown> | null, current: Record<string, unknown> = {}): Record<string, unknown> {
  return Object.fromEntries(
    propertiesOf(schema).map(([name, property]) => [name, name in current ? current[name] : standIn(name, property)]),
  );
}

type Props = {
  schema: Record<string, unknown> | null;
  values: Record<string, unknown>;
  onChange: (values: Record<string, unknown>) => void;
};

export function VariablesForm({ schema, values, onChange }: Props) {
  const properties = propertiesOf(schema);
  if (properties.length === 0)
    return <p className="text-sm text-zinc-500 dark:text-zinc-400">The variables schema names no properties: the preview uses none.</p>;
  const set = (name: string, value: unknown) => onChange({ ...values, [name]: value });
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-medium text-zinc-800 dark:text-zinc-200">Preview with</legend>
      {properties.map(([name, property]) => {
        const id = `sample-${name}`;
        const type = typeOf(property);
        const value = values[name];
        const label = (
          <label htmlFor={id} className="block text-sm text-zinc-700 dark:text-zinc-300">
            {name}
          </label>
        );
        if (type === "boolean")
          return (
            <div key={name} className="flex items-center gap-2">
              <input id={id} type="checkbox" checked={value === true} onChange={(event) => set(name, event.target.checked)} />
              {label}
            </div>
          );
        if (property.enum)
          return (
            <div key={name}>
              {label}
              <select id={id} className={inputClass} value={String(value)} onChange={(event) => set(name, event.target.value)}>
                {property.enum.map((option) => (
                  <option key={String(option)} value={String(option)}>
                    {String(option)}
                  </option>
                ))}
              </select>
            </div>
          );
        if (type === "number" || type === "integer")
          return (
            <div key={name}>
              {label}
              <input
                id={id}
                type="number"
                className={inputClass}
                value={typeof value === "number" ? value : ""}
                onChange={(event) => set(name, event.target.value === "" ? undefined : Number(event.target.value))}
              />
            </div>
          );
        if (type === "array" || type === "object")
          return (
            <div key={name} className="sm:col-span-2">
              {label}
              <JsonValue id={id} value={value} onChange={(next) => set(name, next)} />
            </div>
          );
        return (
          <div key={name}>
            {label}
            <input
              id={id}
              className={inputClass}
              value={typeof value === "string" ? value : ""}
              onChange={(event) => set(name, event.target.value)}
            />
          </div>
        );
      })}
    </fieldset>
  );
}

/** A list or object typed as JSON; the last value that parsed is the one previewed. */
function JsonValue({ id, value, onChange }: { id: string; value: unknown; onChange: (value: unknown) => void }) {
  return (
    <textarea
      id={id}
      rows={3}
      spellCheck={false}
      className={`${inputClass} font-mono text-xs`}
      defaultValue={JSON.stringify(value ?? null, null, 2)}
      onChange={(event) => {
        try {
          onChange(JSON.parse(event.target.value));
        } catch {
          // Not JSON yet: keep previewing the last value that was.
        }
      }}
    />
  );
}
