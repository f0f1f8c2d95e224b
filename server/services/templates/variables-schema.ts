// A template's variables schema: a JSON Schema (draft 2020-12) of `type:
// "object"`, checked and compiled by Ajv, strictly (an unknown keyword is an
// error, not silently ignored), with the common formats (email, date-time,
// uri…). `pattern` and `patternProperties` are refused: a regular expression
// from a customer, run on every send, could take unbounded time.
import Ajv2020, { type ErrorObject, type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import type { FieldError } from "@/shared/api/errors";

/**
 * A fresh Ajv for each schema compiled: one shared instance would keep every
 * schema it ever compiled (its cache is keyed by the schema object) and refuse
 * a second schema with the same `$id`. A schema is compiled once per version
 * and process, so the instance's cost (about a millisecond) is paid rarely.
 */
export function compileSchema(schema: Record<string, unknown>): ValidateFunction {
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
  addFormats(ajv);
  return ajv.compile(schema);
}

const UNBOUNDED_KEYWORDS = new Set(["pattern", "patternProperties"]);

/** The first keyword that may take unbounded time, anywhere in the schema. */
function unboundedKeyword(value: unknown, path: string): string | null {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = unboundedKeyword(item, `${path}.${index}`);
      if (found) return found;
    }
    return null;
  }
  if (!value || typeof value !== "object") return null;
  for (const [key, item] of Object.entries(value)) {
    // Under `properties` the keys are variable names, not keywords.
    if (UNBOUNDED_KEYWORDS.has(key) && !path.endsWith(".properties")) return `${path}.${key}`;
    const found = unboundedKeyword(item, `${path}.${key}`);
    if (found) return found;
  }
  return null;
}

/** Why the schema cannot be a template's variables schema, or null when it can. */
export function variablesSchemaProblem(schema: Record<string, unknown>): FieldError | null {
  if (schema.type !== "object") return { path: "variables.type", message: 'The variables schema must have type: "object"' };
  const unbounded = unboundedKeyword(schema, "variables");
  if (unbounded) return { path: unbounded, message: "pattern and patternProperties are not supported (use enum, format or lengths)" };
  try {
    compileSchema(schema);
    return null;
  } catch (error) {
    return { path: "variables", message: `Not a valid JSON Schema (draft 2020-12): ${(error as Error).message}` };
  }
}

const compiled = new Map<string, ValidateFunction>();

/** The validator of a stored version's schema, compiled once per version and process. */
export function variablesValidator(key: string, schema: Record<string, unknown>): ValidateFunction {
  let validate = compiled.get(key);
  if (!validate) {
    if (compiled.size > 2_000) compiled.clear();
    validate = compileSchema(schema);
    compiled.set(key, validate);
  }
  return validate;
}

const pathOf = (prefix: string, error: ErrorObject) => {
  const pointer = error.instancePath
    .split("/")
    .slice(1)
    .map((segment) => segment.replaceAll("~1", "/").replaceAll("~0", "~"));
  if (error.keyword === "required") pointer.push(String((error.params as { missingProperty: string }).missingProperty));
  if (error.keyword === "additionalProperties") pointer.push(String((error.params as { additionalProperty: string }).additionalProperty));
  return [prefix, ...pointer].join(".");
};

const messageOf = (error: ErrorObject) => {
  if (error.keyword === "required") return "Required";
  if (error.keyword === "additionalProperties") return "Not a variable of this template";
  return error.message ? error.message.charAt(0).toUpperCase() + error.message.slice(1) : "Invalid";
};

/** What is wrong with `variables` under the validator, each at `<prefix>.<path>`; empty when nothing is. */
export function variableErrors(validate: ValidateFunction, variables: Record<string, unknown>, prefix: string): FieldError[] {
  if (validate(variables)) return [];
  return (validate.errors ?? []).slice(0, 20).map((error) => ({ path: pathOf(prefix, error), message: messageOf(error) }));
}
