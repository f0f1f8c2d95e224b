// A request field with a default is optional to the caller, but client
// generators read `default` as "always present" (openapi-typescript's
// defaultNonNullable makes such a field required), so a minimal call would not
// type-check. In request bodies the default is written in the field's
// description instead; parameters keep theirs (generators leave them optional).
type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

function moveDefaults(schema: unknown): void {
  if (Array.isArray(schema)) {
    for (const item of schema) moveDefaults(item);
    return;
  }
  if (!isObject(schema)) return;
  if ("default" in schema && !("$ref" in schema)) {
    const note = `Default: \`${JSON.stringify(schema.default)}\`.`;
    schema.description = typeof schema.description === "string" ? `${schema.description} ${note}` : note;
    delete schema.default;
  }
  for (const value of Object.values(schema)) moveDefaults(value);
}

/** Names of the component schemas a value refers to, directly or through other components. */
function referencedComponents(value: unknown, schemas: Json, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) referencedComponents(item, schemas, found);
  else if (isObject(value)) {
    const ref = typeof value.$ref === "string" ? /^#\/components\/schemas\/(.+)$/.exec(value.$ref)?.[1] : undefined;
    if (ref && !found.has(ref)) {
      found.add(ref);
      referencedComponents(schemas[ref], schemas, found);
    }
    for (const entry of Object.values(value)) referencedComponents(entry, schemas, found);
  }
  return found;
}

export function defaultsAsText<T extends { paths?: unknown; components?: unknown }>(document: T): T {
  const schemas = ((document.components as Json | undefined)?.schemas ?? {}) as Json;
  const bodies = Object.values((document.paths ?? {}) as Record<string, Json>).flatMap((operations) =>
    Object.values(operations).flatMap((operation) => (isObject(operation) && operation.requestBody ? [operation.requestBody] : [])),
  );
  moveDefaults(bodies);
  for (const name of referencedComponents(bodies, schemas)) moveDefaults(schemas[name]);
  return document;
}
