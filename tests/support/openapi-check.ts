// Validates every API answer a test receives against the served OpenAPI
// document, so the documentation cannot drift from behaviour.
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";

type OpenApiDocument = {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>>;
  components?: { schemas?: Record<string, object> };
};

// The formats our documents use, checked for real (ajv alone ignores them, with a warning per schema).
const formats = {
  "date-time": (value: string) => ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)),
  email: (value: string) => /^[^\s@]+@[^\s@]+$/.test(value),
  uri: (value: string) => URL.canParse(value),
};
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const parameterCount = (template: string) => (template.match(/\{/g) ?? []).length;

export class OpenApiChecker {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, formats });
  private readonly cache = new Map<string, ValidateFunction>();
  private readonly matchers: { template: string; method: string; pattern: RegExp }[] = [];

  constructor(private readonly document: OpenApiDocument) {
    for (const [template, operations] of Object.entries(document.paths)) {
      const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`);
      for (const method of Object.keys(operations)) this.matchers.push({ template, method, pattern });
    }
  }

  static async load(baseUrl: string): Promise<OpenApiChecker> {
    const response = await fetch(`${baseUrl}/api/v1/openapi.json`);
    return new OpenApiChecker((await response.json()) as OpenApiDocument);
  }

  private validatorFor(key: string, schema: object): ValidateFunction {
    let validate = this.cache.get(key);
    if (!validate) {
      // Refs point at #/components/...: compile each schema with the components beside it.
      validate = this.ajv.compile({ ...schema, components: this.document.components });
      this.cache.set(key, validate);
    }
    return validate;
  }

  /** Throws when the answer is not what the document says this operation returns. */
  check(method: string, requestedPath: string, status: number, body: unknown): void {
    const lowerMethod = method.toLowerCase();
    // The server answers a path ending in a slash as the path without it (server/runtime/api-trailing-slash.ts).
    const apiPath = requestedPath.length > 1 ? requestedPath.replace(/\/+$/, "") : requestedPath;
    // Like the router: a literal segment beats a parameter (`/sessions/revoke-all` is not `/sessions/{id}`).
    const candidates = this.matchers.filter((entry) => entry.pattern.test(apiPath));
    const fewestParams = Math.min(...candidates.map((entry) => parameterCount(entry.template)));
    const pathMatches = candidates.filter((entry) => parameterCount(entry.template) === fewestParams);
    const operation = pathMatches.find((entry) => entry.method === lowerMethod);
    const errorSchema = this.document.components?.schemas?.ErrorEnvelope;
    if (!operation) {
      // Unknown routes (404) and wrong methods (405) answer the error envelope.
      const expected = pathMatches.length > 0 ? 405 : 404;
      if (status !== expected) throw new Error(`${method} ${apiPath} is not documented, yet answered ${status}`);
      this.assertValid(this.validatorFor("error", errorSchema!), body, `${method} ${apiPath} → ${status}`);
      return;
    }
    const responses = this.document.paths[operation.template]![lowerMethod]!.responses;
    const documented = responses[String(status)];
    if (!documented) throw new Error(`${method} ${operation.template} answered ${status}, which its documentation does not list`);
    const schema = documented.content?.["application/json"]?.schema;
    if (!schema) return;
    this.assertValid(
      this.validatorFor(`${lowerMethod} ${operation.template} ${status}`, schema),
      body,
      `${method} ${operation.template} → ${status}`,
    );
  }

  private assertValid(validate: ValidateFunction, body: unknown, what: string) {
    if (!validate(body)) {
      throw new Error(
        `${what}: response does not match the OpenAPI document: ${this.ajv.errorsText(validate.errors)}\n${JSON.stringify(body)}`,
      );
    }
  }
}
