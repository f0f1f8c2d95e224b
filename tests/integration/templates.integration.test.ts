// Stored templates end to end: create, version, read any version, render (a
// dry run), layouts, and sends that name a template (single and batch, pinned
// or latest) delivered to the SMTP sink with the rendered subject, HTML and
// text and a DKIM signature an outside verifier (mailauth) accepts; the
// language's limits, the variables schema, scopes and other accounts' ids.
import { dkimVerify } from "mailauth/lib/dkim/verify";
import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { getMessage, sendMessage, sendMessageBatch } from "@/shared/api/endpoints/messages";
import {
  createTemplate,
  deleteTemplate,
  getTemplate,
  getTemplateVersion,
  listTemplates,
  listTemplateVersions,
  previewTemplate,
  renderTemplate,
  replaceTemplate,
} from "@/shared/api/endpoints/templates";
import { call, request } from "../support/api-client";
import { waitForEmail } from "../support/captured-email";
import { verifiedDomain } from "../support/domains";
import { createAccount, type TestAccount, uniqueEmail } from "../support/factories";
import { dkimResolver, newApiKey } from "../support/sending";

const receipt = {
  name: "Receipt",
  subject: "Your order {{order.number}}",
  html: "<h1>Thanks, {{name}}!</h1>{{#if vip}}<p>VIP</p>{{else}}<p>Regular</p>{{/if}}<ul>{{#each items}}<li>{{this.title}}</li>{{/each}}</ul>",
  variables: {
    type: "object",
    properties: {
      name: { type: "string" },
      vip: { type: "boolean" },
      order: { type: "object", properties: { number: { type: "integer" } }, required: ["number"] },
      items: { type: "array", items: { type: "object", properties: { title: { type: "string" } }, required: ["title"] } },
    },
    required: ["name", "order"],
    additionalProperties: false,
  },
};
const variables = { name: "Ada", vip: true, order: { number: 1042 }, items: [{ title: "Lamp" }, { title: "Desk" }] };

async function newTemplate(account: TestAccount, body: Record<string, unknown> = receipt) {
  const created = await call(createTemplate, { token: account.accessToken, body: body as never });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data;
}

describe("Templates", () => {
  it("creates version 1, saves version 2 with PUT, keeps version 1 readable, lists the latest", async () => {
    const account = await createAccount();
    const template = await newTemplate(account);
    expect(template).toMatchObject({ kind: "template", version: 1, subject: receipt.subject, text: null, layoutId: null });
    expect(template.id).toMatch(/^tpl_[0-9a-f]{24}$/);

    const saved = await call(replaceTemplate, {
      token: account.accessToken,
      params: { template_id: template.id },
      body: { ...receipt, subject: "Order {{order.number}} is paid" },
    });
    expect(saved.body.data).toMatchObject({ version: 2, subject: "Order {{order.number}} is paid" });
    expect((await call(getTemplate, { token: account.accessToken, params: { template_id: template.id } })).body.data.version).toBe(2);
    const first = await call(getTemplateVersion, { token: account.accessToken, params: { template_id: template.id, version: "1" } });
    expect(first.body.data).toMatchObject({ version: 1, subject: receipt.subject });
    expect(
      (await call(getTemplateVersion, { token: account.accessToken, params: { template_id: template.id, version: "3" } })).status,
    ).toBe(404);
    const listed = await call(listTemplates, { token: account.accessToken });
    expect(listed.body.data.items).toEqual([expect.objectContaining({ id: template.id, version: 2 })]);
    expect(listed.body.data.items[0]).not.toHaveProperty("html");
  });

  it("lists a template's versions newest first", async () => {
    const account = await createAccount();
    const template = await newTemplate(account);
    await call(replaceTemplate, {
      token: account.accessToken,
      params: { template_id: template.id },
      body: { ...receipt, subject: "Second" },
    });
    const versions = await call(listTemplateVersions, { token: account.accessToken, params: { template_id: template.id } });
    expect(versions.body.data.map((entry) => [entry.version, entry.subject])).toEqual([
      [2, "Second"],
      [1, receipt.subject],
    ]);
    const stranger = await createAccount();
    expect((await call(listTemplateVersions, { token: stranger.accessToken, params: { template_id: template.id } })).status).toBe(404);
  });

  it("previews a template that is not saved, in its layout, checking it as a save would; nothing is stored", async () => {
    const account = await createAccount();
    const layout = await newTemplate(account, { name: "Brand", kind: "layout", html: "<main>{{{content}}}</main>" });
    const preview = await call(previewTemplate, {
      token: account.accessToken,
      body: { template: { subject: "Hi {{name}}", html: "<p>{{name}}</p>", layoutId: layout.id }, variables: { name: "Ada & co" } },
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data).toEqual({ subject: "Hi Ada & co", html: "<main><p>Ada &amp; co</p></main>", text: "Ada & co" });
    const broken = await call(previewTemplate, {
      token: account.accessToken,
      body: { template: { subject: "Hi", html: "{{> partial}}" }, variables: {} },
    });
    expect(broken.status).toBe(400);
    expect(broken.error?.errors?.map((error) => error.path)).toEqual(["template.html"]);
    const layoutPreview = await call(previewTemplate, {
      token: account.accessToken,
      body: { template: { kind: "layout", html: "<main>{{{content}}}</main>" }, variables: { content: "<p>Body</p>" } },
    });
    expect(layoutPreview.body.data.html).toBe("<main><p>Body</p></main>");
    expect((await call(listTemplates, { token: account.accessToken })).body.data.items).toHaveLength(1);
    const stranger = await createAccount();
    const foreignLayout = await call(previewTemplate, {
      token: stranger.accessToken,
      body: { template: { subject: "Hi", html: "<p>x</p>", layoutId: layout.id }, variables: {} },
    });
    expect(foreignLayout.status).toBe(400);
    expect(foreignLayout.error?.errors?.map((error) => error.path)).toEqual(["template.layoutId"]);
  });

  it("renders with the variables: HTML-escaped, blocks, loops, and a text part made from the HTML", async () => {
    const account = await createAccount();
    const template = await newTemplate(account);
    const rendered = await call(renderTemplate, {
      token: account.accessToken,
      params: { template_id: template.id },
      body: { variables: { ...variables, name: "<script>alert(1)</script>" } },
    });
    expect(rendered.status, JSON.stringify(rendered.body)).toBe(200);
    expect(rendered.body.data.subject).toBe("Your order 1042");
    expect(rendered.body.data.html).toBe(
      "<h1>Thanks, &lt;script&gt;alert(1)&lt;/script&gt;!</h1><p>VIP</p><ul><li>Lamp</li><li>Desk</li></ul>",
    );
    expect(rendered.body.data.text).toContain("THANKS, <SCRIPT>ALERT(1)</SCRIPT>!");
    expect(rendered.body.data.text).toContain("Lamp");
  });

  it("refuses variables that fail the schema, each at its path (400)", async () => {
    const account = await createAccount();
    const template = await newTemplate(account);
    const refused = await call(renderTemplate, {
      token: account.accessToken,
      params: { template_id: template.id },
      body: { variables: { name: 7, order: {}, extra: true } },
    });
    expect(refused.status).toBe(400);
    expect(refused.error?.errors?.map((error) => error.path).sort()).toEqual([
      "variables.extra",
      "variables.name",
      "variables.order.number",
    ]);
  });

  it("puts a template's HTML into its layout, whose change reaches every template, and keeps a layout in use", async () => {
    const account = await createAccount();
    const layout = await newTemplate(account, {
      name: "Brand",
      kind: "layout",
      html: "<main>{{{content}}}</main><footer>{{name}}</footer>",
    });
    const template = await newTemplate(account, { ...receipt, layoutId: layout.id });
    const render = async () =>
      (await call(renderTemplate, { token: account.accessToken, params: { template_id: template.id }, body: { variables } })).body.data
        .html;
    expect(await render()).toMatch(/^<main><h1>Thanks, Ada!<\/h1>.*<\/main><footer>Ada<\/footer>$/);
    await call(replaceTemplate, {
      token: account.accessToken,
      params: { template_id: layout.id },
      body: { name: "Brand", html: '<div class="brand">{{{content}}}</div>' },
    });
    expect(await render()).toMatch(/^<div class="brand"><h1>/);
    const inUse = await call(deleteTemplate, { token: account.accessToken, params: { template_id: layout.id } });
    expect(inUse.status).toBe(409);
    expect(inUse.error?.code).toBe("in_use");
    expect(inUse.body.message).toContain('"Receipt"');
  });

  it.each([
    ["a syntax error", { subject: "Hi {{name" }, "subject"],
    ["a helper", { html: "{{lookup items 0}}" }, "html"],
    ["a partial", { html: "{{> footer}}" }, "html"],
    ["an unknown block", { html: "{{#with order}}{{number}}{{/with}}" }, "html"],
    ["a parent path", { html: "{{#each items}}{{../name}}{{/each}}" }, "html"],
    ["prototype access", { html: "{{constructor.name}}" }, "html"],
    ["a schema that is not an object", { variables: { type: "array" } }, "variables.type"],
    ["a schema that is not a JSON Schema", { variables: { type: "object", properties: { a: { type: "strnig" } } } }, "variables"],
    [
      "a pattern",
      { variables: { type: "object", properties: { a: { type: "string", pattern: "^(a+)+$" } } } },
      "variables.properties.a.pattern",
    ],
    ["no subject", { subject: undefined }, "subject"],
    ["html over the limit", { html: "x".repeat(600 * 1024) }, "html"],
    ["html 10 times over the limit", { html: "x".repeat(5 * 1024 * 1024) }, "html"],
  ])("refuses a template with %s (400), storing nothing", async (_, change, path) => {
    const account = await createAccount();
    const body = { ...receipt, ...change };
    const refused = await call(createTemplate, { token: account.accessToken, body: body as never });
    if (path === "html" && (change as { html?: string }).html?.length === 5 * 1024 * 1024) {
      expect(refused.status).toBe(413);
      expect(refused.error?.code).toBe("payload_too_large");
      expect(refused.body.message).toMatch(/MiB|MB/);
    } else {
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.error?.errors?.map((error) => error.path)).toContain(path);
    }
    expect((await call(listTemplates, { token: account.accessToken })).body.data.items).toEqual([]);
  });

  it.each([
    ["without {{{content}}}", "<main></main>"],
    ["with {{{content}}} twice", "{{{content}}}{{{content}}}"],
  ])("refuses a layout %s (400)", async (_, html) => {
    const account = await createAccount();
    const refused = await call(createTemplate, { token: account.accessToken, body: { name: "Brand", kind: "layout", html } });
    expect(refused.status).toBe(400);
    expect(refused.error?.errors?.[0]?.path).toBe("html");
  });

  it("stops a rendering that repeats too often", async () => {
    const account = await createAccount();
    const template = await newTemplate(account, {
      name: "Nested",
      subject: "Loops",
      html: "{{#each a}}{{#each this}}{{#each this}}x{{/each}}{{/each}}{{/each}}",
    });
    const row = Array.from({ length: 30 }, () => 1);
    const refused = await call(renderTemplate, {
      token: account.accessToken,
      params: { template_id: template.id },
      body: { variables: { a: Array.from({ length: 30 }, () => Array.from({ length: 30 }, () => row)) } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain("repeats more than");
  });

  it("needs a credential, lets a sending key render and send but not write, and keeps other accounts' templates out of reach (404)", async () => {
    const [owner, stranger] = [await createAccount(), await createAccount()];
    const template = await newTemplate(owner);
    expect((await call(listTemplates, {})).status).toBe(401);
    const key = await newApiKey(owner, { scope: "sending" });
    expect((await call(renderTemplate, { token: key.secret, params: { template_id: template.id }, body: { variables } })).status).toBe(200);
    const domain = await verifiedDomain(owner);
    const to = uniqueEmail("key-template");
    const sent = await call(sendMessage, {
      token: key.secret,
      body: { from: `shop@${domain.name}`, to, template: { id: template.id, variables } },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect((await waitForEmail(to)).subject).toBe("Your order 1042");
    expect((await call(createTemplate, { token: key.secret, body: receipt as never })).status).toBe(403);
    for (const answer of [
      await call(getTemplate, { token: stranger.accessToken, params: { template_id: template.id } }),
      await call(renderTemplate, { token: stranger.accessToken, params: { template_id: template.id }, body: { variables } }),
      await call(replaceTemplate, { token: stranger.accessToken, params: { template_id: template.id }, body: receipt as never }),
      await call(deleteTemplate, { token: stranger.accessToken, params: { template_id: template.id } }),
    ])
      expect(answer.status).toBe(404);
  });
});

describe("Sending with a template", () => {
  it("delivers the rendered subject, HTML and text, signed, and records the version; a pinned version sends that one", async () => {
    const account = await createAccount();
    const domain = await verifiedDomain(account);
    const template = await newTemplate(account);
    await call(replaceTemplate, {
      token: account.accessToken,
      params: { template_id: template.id },
      body: { ...receipt, subject: "Paid: order {{order.number}}" },
    });
    const to = uniqueEmail("template");
    const sent = await call(sendMessage, {
      token: account.accessToken,
      body: { from: `shop@${domain.name}`, to, template: { id: template.id, variables } },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.data.template).toEqual({ id: template.id, version: 2 });
    const email = await waitForEmail(to);
    const parsed = await simpleParser(email.raw);
    expect(parsed.subject).toBe("Paid: order 1042");
    expect(parsed.html).toContain("<h1>Thanks, Ada!</h1>");
    expect(parsed.text).toContain("Lamp");
    const verdict = await dkimVerify(email.raw, { resolver: dkimResolver() });
    expect(verdict.results[0]).toMatchObject({ signingDomain: domain.name, status: { result: "pass" } });

    const pinned = uniqueEmail("pinned");
    const old = await call(sendMessage, {
      token: account.accessToken,
      body: { from: `shop@${domain.name}`, to: pinned, template: { id: template.id, version: 1, variables } },
    });
    expect(old.body.data.template).toEqual({ id: template.id, version: 1 });
    expect((await waitForEmail(pinned)).subject).toBe("Your order 1042");
    const read = await call(getMessage, { token: account.accessToken, params: { message_id: old.body.data.id } });
    expect(read.body.data.template).toEqual({ id: template.id, version: 1 });
  });

  it("refuses a send that gives its own subject beside a template, bad variables, or another account's template, storing nothing", async () => {
    const account = await createAccount();
    const domain = await verifiedDomain(account);
    const template = await newTemplate(account);
    const from = `shop@${domain.name}`;
    const both = await call(sendMessage, {
      token: account.accessToken,
      body: { from, to: uniqueEmail("x"), subject: "Mine", template: { id: template.id, variables } },
    });
    expect(both.status).toBe(400);
    expect(both.error?.errors?.map((error) => error.path)).toContain("subject");
    const bad = await call(sendMessage, {
      token: account.accessToken,
      body: { from, to: uniqueEmail("x"), template: { id: template.id, variables: { name: "Ada" } } },
    });
    expect(bad.status).toBe(400);
    expect(bad.error?.errors?.map((error) => error.path)).toEqual(["template.variables.order"]);
    const stranger = await createAccount();
    const theirs = await newTemplate(stranger);
    const foreign = await call(sendMessage, {
      token: account.accessToken,
      body: { from, to: uniqueEmail("x"), template: { id: theirs.id, variables } },
    });
    expect(foreign.status).toBe(404);
    const listed = await request<{ items: unknown[] }>("/sending/messages", { token: account.accessToken });
    expect(listed.body.data.items).toEqual([]);
  });

  it("refuses a rendered subject that a variable broke into two lines (a header of its own) or emptied", async () => {
    const account = await createAccount();
    const domain = await verifiedDomain(account);
    const template = await newTemplate(account, { name: "Plain", subject: "{{topic}}", text: "Body", variables: { type: "object" } });
    for (const topic of ["Hello\r\nBcc: victim@example.org", "   "]) {
      const refused = await call(sendMessage, {
        token: account.accessToken,
        body: { from: `shop@${domain.name}`, to: uniqueEmail("inject"), template: { id: template.id, variables: { topic } } },
      });
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.error?.errors?.map((error) => error.path)).toEqual(["template.variables"]);
    }
    const listed = await request<{ items: unknown[] }>("/sending/messages", { token: account.accessToken });
    expect(listed.body.data.items).toEqual([]);
  });

  it("renders every message of a batch, and a batch with one bad template sends none", async () => {
    const account = await createAccount();
    const domain = await verifiedDomain(account);
    const template = await newTemplate(account);
    const from = `shop@${domain.name}`;
    const [one, two] = [uniqueEmail("batch-a"), uniqueEmail("batch-b")];
    const refused = await call(sendMessageBatch, {
      token: account.accessToken,
      body: {
        messages: [
          { from, to: one, template: { id: template.id, variables } },
          { from, to: two, template: { id: template.id, variables: { name: "Bob" } } },
        ],
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.error?.errors?.map((error) => error.path)).toEqual(["messages.1.template.variables.order"]);
    const sent = await call(sendMessageBatch, {
      token: account.accessToken,
      body: {
        messages: [
          { from, to: one, template: { id: template.id, variables } },
          { from, to: two, template: { id: template.id, variables: { ...variables, name: "Bob", order: { number: 7 } } } },
        ],
      },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect((await waitForEmail(two)).subject).toBe("Your order 7");
    expect((await waitForEmail(one)).subject).toBe("Your order 1042");
  });
});
