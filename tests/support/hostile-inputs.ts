// Invalid and boundary inputs for one OpenAPI operation, generated with
// fast-check from the operation's own schemas, so every operation added to the
// document is attacked without anyone writing a case for it.
import fc from "fast-check";

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  default?: unknown;
};

export type Parameter = { name: string; in: "path" | "query" | "header" | "cookie"; required?: boolean; schema?: JsonSchema };

export type Operation = {
  operationId: string;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
};

/** One generated request: the pieces a test turns into a `fetch`. */
export type HostileRequest = {
  pathParams: Record<string, string>;
  /** Pairs, so a name can repeat (`?page=1&page=2`). */
  query: [string, string][];
  /** undefined: no body at all. A string is sent verbatim, anything else JSON-encoded. */
  body?: { raw: string } | { json: unknown };
  contentType?: string;
  /** "valid" uses the operation's account; the others probe the 401 path. */
  auth: "valid" | "none" | "garbage" | "malformed";
};

/** Strings that have broken parsers, databases and loggers before. */
const nastyStrings = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\uffff",
  "😀👩‍👩‍👧‍👦",
  "Z͑ͫ̓ͪ̂ͫ̽͏̴̙̤̞͉͚̯̞̠͍A̴̵̜̰͔ͫ͗͢L̠ͨͧͩ͘G̴̻͈͍͔̹̑͗̎̅͛́Ǫ̵̹̻̝̳͂̌̌͘",
  "\u202egnp.exe",
  "' OR '1'='1' --",
  "'); DROP TABLE accounts; --",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log-injection probe, literal on purpose
  "${jndi:ldap://x}",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "%00",
  "%",
  "\\",
  "null",
  "undefined",
  "NaN",
  "-1",
  "0",
  "1e309",
  "true",
  "[]",
  "{}",
  "__proto__",
  "constructor",
  "\r\nX-Injected: 1",
  "ａｄｍｉｎ@ｅｘａｍｐｌｅ.ｔｅｓｔ",
  "user@xn--80ak6aa92e.com",
  "a@b",
  "@",
  "2024-02-30T25:61:61Z",
];

const nastyNumbers = [
  0,
  -0,
  -1,
  1,
  0.5,
  -0.5,
  1e308,
  -1e308,
  2 ** 31,
  2 ** 53,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  1e-320,
];

const hugeString = fc.constantFrom(10_000, 70_000).map((length) => "x".repeat(length));

/** Any JSON value at all: the "wrong type" for whatever was expected. */
const anyJson = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constantFrom(...nastyNumbers),
  fc.constantFrom(...nastyStrings),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
  fc.constant(JSON.parse('{"__proto__": {"isAdmin": true}}')),
);

export class HostileInputs {
  constructor(private readonly components: Record<string, JsonSchema>) {}

  private resolve(schema: JsonSchema): JsonSchema {
    let current = schema;
    for (let depth = 0; current.$ref && depth < 10; depth += 1) {
      current = this.components[current.$ref.replace("#/components/schemas/", "")] ?? {};
    }
    return current;
  }

  /** Values the schema accepts (or nearly: formats are only approximated). */
  valid(schemaOrRef: JsonSchema): fc.Arbitrary<unknown> {
    const schema = this.resolve(schemaOrRef);
    if (schema.const !== undefined) return fc.constant(schema.const);
    if (schema.enum) return fc.constantFrom(...schema.enum);
    const variants = schema.anyOf ?? schema.oneOf;
    if (variants) return fc.oneof(...variants.map((variant) => this.valid(variant)));
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    switch (type) {
      case "string":
        if (schema.pattern) {
          const { minLength = 0, maxLength = 200 } = schema;
          return fc.stringMatching(new RegExp(schema.pattern)).filter((value) => value.length >= minLength && value.length <= maxLength);
        }
        if (schema.format === "email") return fc.emailAddress();
        return fc
          .string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 64, 64) })
          .map((value) => value.padEnd(schema.minLength ?? 0, "a"));
      case "integer":
        return fc.integer({ min: schema.minimum ?? -1000, max: Math.min(schema.maximum ?? 1000, 2 ** 31) });
      case "number":
        return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true });
      case "boolean":
        return fc.boolean();
      case "null":
        return fc.constant(null);
      case "array":
        return fc.array(schema.items ? this.valid(schema.items) : anyJson, { maxLength: 3 });
      case "object":
        return this.object(schema, (property) => this.valid(property));
      default:
        return anyJson;
    }
  }

  /** Values just outside (or exactly on) the schema's limits. */
  private boundary(schemaOrRef: JsonSchema): fc.Arbitrary<unknown> {
    const schema = this.resolve(schemaOrRef);
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    const cases: unknown[] = [];
    if (type === "string") {
      for (const length of [schema.minLength, schema.maxLength]) {
        if (length === undefined) continue;
        for (const size of [length - 1, length, length + 1])
          if (size >= 0) cases.push("a".repeat(size), "é".repeat(size), "😀".repeat(size));
      }
      cases.push("1".repeat(schema.maxLength ?? 256), " ".repeat(Math.max(schema.minLength ?? 1, 1)));
      // Within the length limits but with bytes databases and loggers choke on (NUL, lone surrogate, RTL override).
      const fill = (special: string) => special + "a".repeat(Math.max((schema.minLength ?? 1) - special.length, 0));
      cases.push(fill("a\u0000b"), fill("\ud800x"), fill("\u202ex"), fill("😀"), fill("' OR 1=1 --"));
    }
    if (type === "integer" || type === "number") {
      for (const limit of [schema.minimum, schema.maximum]) {
        if (limit === undefined) continue;
        cases.push(limit - 1, limit, limit + 1, limit + 0.5, String(limit));
      }
      cases.push(...nastyNumbers);
    }
    if (schema.enum)
      cases.push(...schema.enum.map((value) => (typeof value === "string" ? value.toUpperCase() : value)), `${schema.enum[0]} `);
    return cases.length > 0 ? fc.constantFrom(...cases) : anyJson;
  }

  /** A wrong, boundary or hostile value where `schema` is expected. */
  hostile(schema: JsonSchema): fc.Arbitrary<unknown> {
    return fc.oneof(
      { weight: 3, arbitrary: this.boundary(schema) },
      { weight: 3, arbitrary: anyJson },
      { weight: 2, arbitrary: fc.constantFrom(...nastyStrings) },
      { weight: 1, arbitrary: hugeString },
      { weight: 2, arbitrary: this.valid(schema) },
      { weight: 1, arbitrary: this.valid(schema).map((value) => [value]) },
    );
  }

  /** An object where each declared field is missing, valid or hostile, maybe with extras. */
  private object(schema: JsonSchema, field: (property: JsonSchema) => fc.Arbitrary<unknown>): fc.Arbitrary<Record<string, unknown>> {
    const properties = Object.entries(schema.properties ?? {});
    const entries = properties.map(([name, property]) =>
      fc.option(field(property), { nil: undefined, freq: 4 }).map((value) => [name, value] as const),
    );
    return fc
      .tuple(
        fc.tuple(...entries),
        fc.option(fc.dictionary(fc.constantFrom("extra", "isAdmin", "id", "accountId", "__proto__", ""), anyJson, { maxKeys: 2 })),
      )
      .map(([pairs, extras]) => {
        const result: Record<string, unknown> = {};
        for (const [name, value] of pairs) if (value !== undefined) result[name] = value;
        if (extras) for (const [name, value] of Object.entries(extras)) Object.defineProperty(result, name, { value, enumerable: true });
        return result;
      });
  }

  private body(schemaOrRef: JsonSchema): fc.Arbitrary<HostileRequest["body"]> {
    const schema = this.resolve(schemaOrRef);
    return fc.oneof(
      { weight: 10, arbitrary: this.object(schema, (property) => this.hostile(property)).map((json) => ({ json })) },
      { weight: 3, arbitrary: this.valid(schema).map((json) => ({ json })) },
      { weight: 2, arbitrary: anyJson.map((json) => ({ json })) },
      {
        weight: 2,
        arbitrary: fc
          .constantFrom("{", '{"a":', "[1,]", "nul", "\u0000", '{"email":"\\ud800"}', "{}{}", "\ufeff{}", " ")
          .map((raw) => ({ raw })),
      },
      { weight: 1, arbitrary: hugeString.map((value) => ({ json: { padding: value } })) },
      { weight: 1, arbitrary: fc.constant(undefined) },
    );
  }

  private pathValue(name: string): fc.Arbitrary<string> {
    // A well-formed id of someone else (prefix guessed from the name) must be a 404, like garbage.
    const prefix = name.replace(/_?id$/, "").slice(0, 3);
    return fc.oneof(
      fc.constantFrom(...nastyStrings.filter((value) => value !== "")),
      fc.constantFrom("0", "1", "-1", "99999999999999999999", "00000000-0000-0000-0000-000000000000", `${prefix}_`, `${prefix}_x`),
      fc.string({ unit: fc.constantFrom(..."0123456789abcdef"), minLength: 24, maxLength: 24 }).map((hex) => `${prefix}_${hex}`),
      fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }),
      fc.constant("a".repeat(2000)),
    );
  }

  private queryValue(parameter: Parameter): fc.Arbitrary<string> {
    return fc.oneof(
      this.hostile(parameter.schema ?? {}).map((value) => (typeof value === "string" ? value : (JSON.stringify(value) ?? ""))),
      fc.constantFrom("", "abc", "1.5", "1e3", "0x10", " 1", "1 ", "+1", "-0", "Infinity", "NaN"),
    );
  }

  /** Requests for one operation: hostile body, query and path, mostly with a valid token. */
  requests(operation: Operation): fc.Arbitrary<HostileRequest> {
    const parameters = operation.parameters ?? [];
    const pathParams = parameters.filter((parameter) => parameter.in === "path");
    const queryParams = parameters.filter((parameter) => parameter.in === "query");
    const bodySchema = operation.requestBody?.content?.["application/json"]?.schema;
    const needsToken = (operation.security ?? []).length > 0;

    const path = fc.record(Object.fromEntries(pathParams.map((parameter) => [parameter.name, this.pathValue(parameter.name)])));
    const queryPair = fc.oneof(
      ...queryParams.map((parameter) => this.queryValue(parameter).map((value) => [parameter.name, value] as [string, string])),
      fc.tuple(fc.constantFrom("unknown", "page[size]", "__proto__", ""), fc.constantFrom("1", "", "x")),
    );
    return fc.record({
      pathParams: path,
      query: fc.array(queryPair, { maxLength: queryParams.length > 0 ? 4 : 1 }),
      body: bodySchema ? this.body(bodySchema) : fc.constant(undefined),
      contentType: fc.oneof(
        { weight: 12, arbitrary: fc.constant("application/json") },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            "text/plain",
            "application/x-www-form-urlencoded",
            "application/json; charset=utf-16",
            "application/jsonx",
            "",
          ),
        },
      ),
      auth: needsToken
        ? fc.oneof(
            { weight: 12, arbitrary: fc.constant("valid" as const) },
            { weight: 1, arbitrary: fc.constantFrom("none" as const, "garbage" as const, "malformed" as const) },
          )
        : fc.oneof(
            { weight: 12, arbitrary: fc.constant("none" as const) },
            { weight: 1, arbitrary: fc.constantFrom("garbage" as const, "malformed" as const) },
          ),
    });
  }
}
