import { describe, expect, it } from "vitest";
import { listSupportTickets, openSupportTicket } from "@/shared/api/endpoints/support";
import { listActivity } from "@/shared/api/endpoints/settings";
import { call, randomIp } from "../support/api-client";
import { sql } from "../support/database";
import { createAccount, uniqueEmail } from "../support/factories";
import { emailsTo, waitForEmail } from "../support/captured-email";
import { holdsFor } from "../support/poll";

const ticket = (overrides: Record<string, unknown> = {}) => ({
  name: "Grace Hopper",
  email: uniqueEmail("support"),
  subject: "Bounces from example.org",
  category: "deliverability",
  message: "Messages to example.org bounce with 550 since this morning.",
  priority: "high",
  ...overrides,
});

describe("opening a ticket", () => {
  it("works signed out, answers the ticket with a reference, and emails only the reference", async () => {
    const body = ticket();
    const opened = await call(openSupportTicket, { body });
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({ ...body, status: "open" });
    expect(opened.body.data.reference).toMatch(/^SUP-[2-9A-HJKMNP-Z]{6}$/);
    const [row] = await sql("select account_id, subject from support_tickets where id = $1", [opened.body.data.ticketId]);
    expect(row).toEqual({ account_id: null, subject: body.subject });

    const email = await waitForEmail(body.email, { subject: `We received your request (${opened.body.data.reference})` });
    expect(email.text).toContain(opened.body.data.reference);
    // Anyone can type any address into the form: the email must not carry what they wrote.
    expect(email.text).not.toContain(body.subject);
    expect(email.text).not.toContain(body.message);
    expect(email.html).not.toContain("example.org bounce");
  });

  it("fills in the defaults and trims", async () => {
    const opened = await call(openSupportTicket, { body: { email: " Someone@Example.TEST ", subject: " Help ", message: " Hi " } });
    expect(opened.body.data).toMatchObject({
      email: "someone@example.test",
      subject: "Help",
      message: "Hi",
      name: null,
      category: "other",
      priority: "normal",
    });
  });

  it("links the ticket to the account when a valid token is sent, and records it in the activity log", async () => {
    const account = await createAccount();
    const opened = await call(openSupportTicket, { token: account.accessToken, body: ticket({ email: account.email }) });
    expect(opened.status).toBe(200);
    const [row] = await sql<{ account_id: string }>("select account_id from support_tickets where id = $1", [opened.body.data.ticketId]);
    expect(row!.account_id).toBe(account.user.id);
    const activity = await call(listActivity, { token: account.accessToken });
    expect(activity.body.data.items[0]).toMatchObject({
      type: "support.ticket_opened",
      metadata: { reference: opened.body.data.reference },
    });
  });

  it("answers 401 to an invalid token rather than opening an anonymous ticket", async () => {
    const body = ticket();
    const response = await call(openSupportTicket, { token: "not-a-token", body });
    expect(response.status).toBe(401);
    expect(await sql("select 1 from support_tickets where email = $1", [body.email])).toHaveLength(0);
  });

  it.each([
    ["no email", { email: undefined }, "email"],
    ["a bad email", { email: "not-an-email" }, "email"],
    ["no subject", { subject: undefined }, "subject"],
    ["a blank subject", { subject: "   " }, "subject"],
    ["a long subject", { subject: "s".repeat(201) }, "subject"],
    ["no message", { message: undefined }, "message"],
    ["a long message", { message: "m".repeat(10_001) }, "message"],
    ["an unknown category", { category: "sales" }, "category"],
    ["an unknown priority", { priority: "critical" }, "priority"],
    ["a number for a string", { name: 42 }, "name"],
    ["null for a field", { subject: null }, "subject"],
    ["an unknown field", { attachments: [] }, ""],
  ])("refuses %s with 400 naming the field", async (_case, overrides, path) => {
    const response = await call(openSupportTicket, { body: ticket(overrides) });
    expect(response.status).toBe(400);
    expect(response.error?.code).toBe("validation_error");
    expect(response.error?.errors?.map((error) => error.path)).toContain(path);
  });

  it("limits tickets per IP (5 an hour) with 429 and Retry-After", async () => {
    const ip = randomIp();
    for (let i = 0; i < 5; i++) expect((await call(openSupportTicket, { ip, body: ticket() })).status).toBe(200);
    const limited = await call(openSupportTicket, { ip, body: ticket() });
    expect(limited.status).toBe(429);
    expect(limited.error?.code).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("keeps opening tickets but stops acknowledging one recipient after 5 an hour", async () => {
    const email = uniqueEmail("flooded");
    for (let i = 0; i < 6; i++) expect((await call(openSupportTicket, { body: ticket({ email }) })).status).toBe(200);
    await waitForEmail(email, { count: 5 });
    await holdsFor(() => emailsTo(email).length <= 5, 2_000); // room for a sixth, which must not come
    expect(emailsTo(email)).toHaveLength(5);
    expect(await sql("select 1 from support_tickets where email = $1", [email])).toHaveLength(6);
  });
});

describe("listing tickets", () => {
  it("shows the caller's own tickets only, newest first, paginated", async () => {
    const [alice, bob] = await Promise.all([createAccount(), createAccount()]);
    for (const subject of ["first", "second", "third"]) {
      await call(openSupportTicket, { token: alice.accessToken, body: ticket({ subject }) });
    }
    await call(openSupportTicket, { token: bob.accessToken, body: ticket({ subject: "bob's" }) });
    await call(openSupportTicket, { body: ticket({ email: alice.email, subject: "signed out" }) });

    const page1 = await call(listSupportTickets, { token: alice.accessToken, query: { limit: 2 } });
    expect(page1.body.data.items.map((item) => item.subject)).toEqual(["third", "second"]);
    expect(page1.body.data.pagination).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2 });
    const page2 = await call(listSupportTickets, { token: alice.accessToken, query: { page: 2, limit: 2 } });
    expect(page2.body.data.items.map((item) => item.subject)).toEqual(["first"]);
    const bobs = await call(listSupportTickets, { token: bob.accessToken });
    expect(bobs.body.data.items.map((item) => item.subject)).toEqual(["bob's"]);
  });

  it("answers an empty page with totalPages 0", async () => {
    const account = await createAccount();
    const empty = await call(listSupportTickets, { token: account.accessToken });
    expect(empty.body.data).toEqual({ items: [], pagination: { page: 1, limit: 20, total: 0, totalPages: 0 } });
  });

  it.each<Record<string, string | number>>([{ page: 0 }, { limit: 101 }, { page: "two" }])("refuses %j with 400", async (query) => {
    const account = await createAccount();
    expect((await call(listSupportTickets, { token: account.accessToken, query })).error?.code).toBe("validation_error");
  });

  it("answers 401 without a token", async () => {
    expect((await call(listSupportTickets)).status).toBe(401);
  });
});
