// The template language (docs/templates.md): a strict subset of Handlebars,
// compiled by Handlebars itself. Only `{{path}}` (HTML-escaped in html),
// `{{{path}}}` (as is), `{{#if path}}…{{else}}…{{/if}}`,
// `{{#each path}}…{{/each}}`, dotted paths and `this`; no other helpers, no
// partials, no parent paths (`../`), no data variables (`@index`), no
// literals. The subset is checked on the parsed template before it is ever
// stored, so nothing outside it can reach the renderer. Handlebars itself
// refuses prototype properties; the rendering of each part is bounded by a
// budget of `each` iterations and by the size of what it writes.
import Handlebars from "handlebars";

/** Iterations of every `{{#each}}` of one part's rendering together. */
export const EACH_BUDGET = 10_000;
/** What one part of a rendering may come to. */
export const RENDERED_LIMIT_BYTES = 2 * 1024 * 1024;

const FORBIDDEN_SEGMENTS = new Set(["__proto__", "constructor", "prototype", "__defineGetter__", "__defineSetter__", "__lookupGetter__"]);

export class TemplateLanguageError extends Error {
  override name = "TemplateLanguageError";
}

type Node = hbs.AST.Node & Record<string, unknown>;

const where = (node: Node) => {
  const line = (node.loc as hbs.AST.SourceLocation | undefined)?.start.line;
  return line ? ` (line ${line})` : "";
};

function checkPath(expression: Node, context: string): void {
  if (expression.type !== "PathExpression")
    throw new TemplateLanguageError(`${context} takes a variable name, not a literal or a call${where(expression)}`);
  const path = expression as unknown as hbs.AST.PathExpression & { this?: boolean };
  if (path.data) throw new TemplateLanguageError(`@-variables such as ${path.original} are not supported${where(expression)}`);
  if (path.depth > 0 || path.original.includes("../"))
    throw new TemplateLanguageError(`parent paths (../) are not supported${where(expression)}`);
  const forbidden = path.parts.find((part) => FORBIDDEN_SEGMENTS.has(part));
  if (forbidden) throw new TemplateLanguageError(`${forbidden} cannot be read${where(expression)}`);
}

function checkStatements(statements: hbs.AST.Statement[]): void {
  for (const statement of statements as Node[]) {
    switch (statement.type) {
      case "ContentStatement":
      case "CommentStatement":
        break;
      case "MustacheStatement": {
        const mustache = statement as unknown as hbs.AST.MustacheStatement;
        if (mustache.params.length > 0 || (mustache.hash?.pairs.length ?? 0) > 0)
          throw new TemplateLanguageError(
            `helpers are not supported: {{${(mustache.path as hbs.AST.PathExpression).original ?? "…"} …}}${where(statement)}`,
          );
        checkPath(mustache.path as unknown as Node, "{{…}}");
        break;
      }
      case "BlockStatement": {
        const block = statement as unknown as hbs.AST.BlockStatement;
        const name = (block.path as hbs.AST.PathExpression).original;
        if (name !== "if" && name !== "each")
          throw new TemplateLanguageError(`{{#${name}}} is not supported: blocks are #if and #each${where(statement)}`);
        if (!block.program) throw new TemplateLanguageError(`{{^${name}}} is not supported${where(statement)}`);
        if (block.params.length !== 1 || (block.hash?.pairs.length ?? 0) > 0)
          throw new TemplateLanguageError(`{{#${name}}} takes exactly one variable${where(statement)}`);
        checkPath(block.params[0] as unknown as Node, `{{#${name}}}`);
        checkStatements(block.program.body);
        if (block.inverse) checkStatements(block.inverse.body);
        break;
      }
      default:
        throw new TemplateLanguageError(
          `${statement.type === "PartialStatement" || statement.type === "PartialBlockStatement" ? "partials ({{> …}})" : "decorators"} are not supported${where(statement)}`,
        );
    }
  }
}

/** Throws a TemplateLanguageError naming the first thing outside the subset, or Handlebars' own syntax error. */
export function checkTemplateSource(source: string): void {
  let program: hbs.AST.Program;
  try {
    program = Handlebars.parse(source);
  } catch (error) {
    const message = (error as Error).message.split("\n")[0]!.replace(/^Parse error on /, "syntax error on ");
    throw new TemplateLanguageError(message);
  }
  checkStatements(program.body);
}

/** How many times `{{{content}}}` (a layout's slot) appears in a template, as written. */
export function contentSlots(source: string): number {
  let count = 0;
  const visit = (statements: hbs.AST.Statement[]) => {
    for (const statement of statements as Node[]) {
      if (statement.type === "MustacheStatement") {
        const mustache = statement as unknown as hbs.AST.MustacheStatement;
        if (!mustache.escaped && (mustache.path as hbs.AST.PathExpression).original === "content") count += 1;
      }
      if (statement.type === "BlockStatement") {
        const block = statement as unknown as hbs.AST.BlockStatement;
        visit(block.program.body);
        if (block.inverse) visit(block.inverse.body);
      }
    }
  };
  visit(Handlebars.parse(source).body);
  return count;
}

// One isolated Handlebars, whose `each` spends the rendering's budget.
const engine = Handlebars.create();
let spent = 0;
const builtInEach = engine.helpers.each!;
engine.registerHelper("each", function (this: unknown, context: unknown, options: Handlebars.HelperOptions) {
  const fn = options.fn;
  return builtInEach.call(this, context, {
    ...options,
    fn: (item: unknown, more?: Handlebars.RuntimeOptions) => {
      spent += 1;
      if (spent > EACH_BUDGET) throw new TemplateLanguageError(`the rendering repeats more than ${EACH_BUDGET} times ({{#each}})`);
      return fn(item, more);
    },
  });
});

export type CompiledPart = (variables: Record<string, unknown>) => string;

/** A checked source compiled once; `htmlEscaped`: HTML-escape `{{…}}` (the html part), or not (subject, text). */
export function compilePart(source: string, htmlEscaped: boolean): CompiledPart {
  const template = engine.compile(source, {
    knownHelpers: { if: true, each: true },
    knownHelpersOnly: true,
    noEscape: !htmlEscaped,
    preventIndent: true,
  });
  return (variables) => {
    spent = 0;
    const output = template(variables);
    if (Buffer.byteLength(output) > RENDERED_LIMIT_BYTES)
      throw new TemplateLanguageError(`the rendering is larger than ${RENDERED_LIMIT_BYTES / 1024 / 1024} MB`);
    return output;
  };
}
