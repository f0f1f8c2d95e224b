// Topics, subscriptions and one-click unsubscribe end to end: the topics and
// subscriptions API, a topic send delivered to the real SMTP sink with one
// copy per recipient and its own signed List-Unsubscribe (verified by
// Debian's python3-dkim), the one-click POST and the preference page, and the
// next topic send skipping whoever unsubscribed while transactional mail
// still goes.
import { spawnSync } from "node:child_process";
import { simpleParser } from "mailparser";
import { describe, expect, inject, it } from "vitest";
import { listEvents } from "@/shared/api/endpoints/events";
import { sendMessage, sendMessageBatch } from "@/shared/api/endpoints/messages";
import { createTopic, deleteTopic, listSubscriptions, listTopics, putSubscriptions, updateTopic } from "@/shared/api/endpoints/topics";
import { call } from "../support/api-client";
import { sql } from "../support/database";
import { emailsTo, waitForEmail } from "../support/captured-email";
import { createAccount, uniqueEmail } from "../support/factories";
import { verifiedDomain } from "../support/domains";
import { dkimResolver, newApiKey, settledMessage } from "../support/sending";
import { dkimTags, pythonDkimVerifies } from "../support/python-dkim";
import { eventually } from "../support/poll";
import { copyFor, newTopic, oneClick, unsubscribeLinksIn, visitLink } from "../support/topics";

const OTHER_TOPIC = "top_000000000000000000000000";

describe("Topics", () => {
  it("creates, lists, changes and deletes topics; names are unique per account", async () => {
    const account = await createAccount();
    const created = await call(createTopic, {
      token: account.accessToken,
      body: { name: "Product news", description: "What we ship, monthly", defaultSubscription: "opt_out" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ name: "Product news", description: "What we ship, monthly", defaultSubscription: "opt_out" });
    expect(created.body.data.id).toMatch(/^top_[0-9a-f]{24}$/);

    const taken = await call(createTopic, { token: account.accessToken, body: { name: "PRODUCT NEWS", defaultSubscription: "opt_in" } });
    expect(taken.status).toBe(409);
    expect(taken.error?.code).toBe("conflict");

    const changed = await call(updateTopic, {
      token: account.accessToken,
      params: { topic_id: created.body.data.id },
      body: { defaultSubscription: "opt_in", description: null },
    });
    expect(changed.body.data).toMatchObject({ defaultSubscription: "opt_in", description: null, name: "Product news" });
    expect((await call(listTopics, { token: account.accessToken })).body.data.map((topic) => topic.id)).toEqual([created.body.data.id]);

    expect((await call(deleteTopic, { token: account.accessToken, params: { topic_id: created.body.data.id } })).status).toBe(200);
    expect((await call(listTopics, { token: account.accessToken })).body.data).toEqual([]);
    expect((await call(deleteTopic, { token: account.accessToken, params: { topic_id: created.body.data.id } })).status).toBe(404);
    // The name is free again once its topic is deleted.
    expect(
      (await call(createTopic, { token: account.accessToken, body: { name: "Product news", defaultSubscription: "opt_in" } })).status,
    ).toBe(201);
  });

  it.each([
    ["no name", { defaultSubscription: "opt_in" }, "name"],
    ["an empty name", { name: " ", defaultSubscription: "opt_in" }, "name"],
    ["a long name", { name: "n".repeat(81), defaultSubscription: "opt_in" }, "name"],
    ["an unknown default", { name: "News", defaultSubscription: "always" }, "defaultSubscription"],
    ["an unknown field", { name: "News", defaultSubscription: "opt_in", color: "red" }, ""],
  ])("refuses a topic with %s (400)", async (_, body, path) => {
    const account = await createAccount();
    const refused = await call(createTopic, { token: account.accessToken, body: body as never });
    expect(refused.status).toBe(400);
    expect(refused.error?.errors?.map((error) => error.path)).toContain(path);
    expect((await call(listTopics, { token: account.accessToken })).body.data).toEqual([]);
  });

  it("needs a credential, and keeps another account's topics out of reach (404)", async () => {
    const [owner, stranger] = [await createAccount(), await createAccount()];
    const topic = await newTopic(owner);
    expect((await call(listTopics, {})).status).toBe(401);
    expect((await call(createTopic, { body: { name: "x", defaultSubscription: "opt_in" } })).status).toBe(401);
    expect((await call(updateTopic, { token: stranger.accessToken, params: { topic_id: topic.id }, body: { name: "Mine" } })).status).toBe(
      404,
    );
    expect((await call(deleteTopic, { token: stranger.accessToken, params: { topic_id: topic.id } })).status).toBe(404);
    const put = await call(putSubscriptions, {
      token: stranger.accessToken,
      params: { email: "ada@example.com" },
      body: { topics: { [topic.id]: "unsubscribed" } },
    });
    expect(put.status).toBe(404);
    const domain = await verifiedDomain(stranger);
    const send = await call(sendMessage, {
      token: stranger.accessToken,
      body: { from: `a@${domain.name}`, to: uniqueEmail("x"), subject: "Hi", text: "Hi", topicId: topic.id },
    });
    expect(send.status).toBe(404);
    expect(send.error?.code).toBe("not_found");
    // A sending key may read topics, not change them.
    const key = await newApiKey(owner, { scope: "sending" });
    expect((await call(listTopics, { token: key.secret })).status).toBe(200);
    expect((await call(createTopic, { token: key.secret, body: { name: "x", defaultSubscription: "opt_in" } })).status).toBe(403);
  });
});

describe("Subscriptions", () => {
  it("records choices through the API, each change once in the event feed, and refuses unknown topics whole", async () => {
    const account = await createAccount();
    const [news, offers] = [await newTopic(account), await newTopic(account, { defaultSubscription: "opt_in" })];
    const email = uniqueEmail("reader");
    const put = await call(putSubscriptions, {
      token: account.accessToken,
      params: { email: email.toUpperCase() },
      body: { topics: { [news.id]: "unsubscribed", [offers.id]: "subscribed" } },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data).toEqual([
      expect.objectContaining({ topicId: news.id, status: "unsubscribed", source: "api" }),
      expect.objectContaining({ topicId: offers.id, status: "subscribed", source: "api" }),
    ]);
    // The same again changes nothing and writes no event.
    await call(putSubscriptions, { token: account.accessToken, params: { email }, body: { topics: { [news.id]: "unsubscribed" } } });
    const refused = await call(putSubscriptions, {
      token: account.accessToken,
      params: { email },
      body: { topics: { [news.id]: "subscribed", [OTHER_TOPIC]: "subscribed" } },
    });
    expect(refused.status).toBe(404);
    const read = await call(listSubscriptions, { token: account.accessToken, query: { email } });
    expect(read.body.data.map((entry) => [entry.topicId, entry.status])).toEqual([
      [news.id, "unsubscribed"],
      [offers.id, "subscribed"],
    ]);
    const feed = await call(listEvents, { token: account.accessToken, query: { types: "subscription.changed" } });
    expect(feed.body.data.items.map((event) => event.detail)).toEqual([
      { email: email.toLowerCase(), topicId: news.id, status: "unsubscribed", source: "api" },
      { email: email.toLowerCase(), topicId: offers.id, status: "subscribed", source: "api" },
    ]);
  });

  it.each([
    ["a bad address", "not-an-address", { topics: { [OTHER_TOPIC]: "subscribed" } }],
    ["no topics", "ada@example.com", { topics: {} }],
    ["an unknown status", "ada@example.com", { topics: { [OTHER_TOPIC]: "maybe" } }],
  ])("refuses %s (400)", async (_, email, body) => {
    const account = await createAccount();
    const refused = await call(putSubscriptions, { token: account.accessToken, params: { email }, body: body as never });
    expect(refused.status).toBe(400);
    expect(refused.error?.code).toBe("validation_error");
  });
});

/** The DNS record a copy's signature is checked against, as the test DNS server publishes it. */
async function dkimRecordsOf(domain: Awaited<ReturnType<typeof verifiedDomain>>) {
  const dkim = domain.records.find((record) => record.purpose === "dkim")!;
  const published = (await dkimResolver()(dkim.name, "TXT")) as string[][];
  return { [dkim.name]: published.map((chunks) => chunks.join("")).join("") };
}

describe("A topic send and its unsubscribe links", () => {
  it("gives each recipient a copy with its own signed one-click link; one click unsubscribes exactly that recipient", async () => {
    const account = await createAccount();
    const domain = await verifiedDomain(account);
    const topic = await newTopic(account, { name: "Weekly digest" });
    const [ada, bob] = [uniqueEmail("ada"), uniqueEmail("bob")];
    const sent = await call(sendMessage, {
      token: account.accessToken,
      body: { from: `Acme <news@${domain.name}>`, to: [ada, bob], subject: "This week", text: "News.", topicId: topic.id },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.data.topicId).toBe(topic.id);
    const [toAda, toBob] = [await copyFor(ada), await copyFor(bob)];
    const [adaLinks, bobLinks] = [unsubscribeLinksIn(toAda.raw), unsubscribeLinksIn(toBob.raw)];
    expect(adaLinks.token).not.toBe(bobLinks.token);
    expect(adaLinks.mailto).toBe(`unsubscribe+${adaLinks.token}@ces-bounces.${domain.name}`);
    expect(adaLinks.mailto.split("@")[0]!.length).toBeLessThanOrEqual(64);
    const parsed = await simpleParser(toAda.raw);
    expect(toAda.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(parsed.headers.get("feedback-id")).toBe(`${topic.id}:${domain.domain_id}:${account.user.id}:ces`);
    const signed = dkimTags(toAda.raw).h!.toLowerCase().split(":");
    expect(signed).toEqual(expect.arrayContaining(["list-unsubscribe", "list-unsubscribe-post", "feedback-id"]));
    const records = await dkimRecordsOf(domain);
    expect(pythonDkimVerifies(toAda.raw, records)).toBe(true);
    expect(pythonDkimVerifies(toBob.raw, records)).toBe(true);
    // Each link is covered: Bob's link in Ada's copy breaks her signature.
    expect(pythonDkimVerifies(toAda.raw.replace(adaLinks.token, bobLinks.token), records)).toBe(false);

    // The page changes nothing on GET (scanners fetch links).
    const page = await visitLink(adaLinks.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Weekly digest");
    expect((await call(listSubscriptions, { token: account.accessToken, query: { email: ada } })).body.data).toEqual([]);

    const clicked = await oneClick(adaLinks.url);
    expect(clicked.status).toBe(200);
    const adaNow = await call(listSubscriptions, { token: account.accessToken, query: { email: ada } });
    expect(adaNow.body.data).toEqual([expect.objectContaining({ topicId: topic.id, status: "unsubscribed", source: "one_click" })]);
    expect((await call(listSubscriptions, { token: account.accessToken, query: { email: bob } })).body.data).toEqual([]);
    const [changed] = await sql<{ n: number }>(
      "select count(*)::int as n from account_events where account_id = $1 and type = 'subscription.changed'",
      [account.user.id],
    );
    expect(changed!.n).toBe(1);

    // The next send of the topic skips Ada (not charged for her alone), and mail without a topic still reaches her.
    const next = await call(sendMessage, {
      token: account.accessToken,
      body: { from: `news@${domain.name}`, to: [ada], subject: "Next week", text: "More.", topicId: topic.id },
    });
    expect(next.body.data.status).toBe("suppressed");
    expect(next.body.data.events).toEqual([
      expect.objectContaining({ type: "suppressed", detail: { recipient: ada.toLowerCase(), reason: "unsubscribed" } }),
    ]);
    const receipt = await call(sendMessage, {
      token: account.accessToken,
      body: { from: `billing@${domain.name}`, to: [ada], subject: "Your receipt", text: "Paid." },
    });
    expect((await waitForEmail(ada, { subject: "Your receipt" })).raw).not.toMatch(/^List-Unsubscribe:/im);
    expect((await settledMessage(account.accessToken, receipt.body.data.id)).status).toBe("sent");
    const [usage] = await sql<{ used: number }>("select used::int as used from message_usage where account_id = $1", [account.user.id]);
    expect(usage!.used).toBe(2);
  });

  it("unsubscribes through the mailto address at the MX (mail sent with swaks), and refuses a forged one with 550 5.1.1", async () => {
    const account = await createAccount();
    const domain = await verifiedDomain(account);
    const topic = await newTopic(account);
    const [reader, other] = [uniqueEmail("mailto"), uniqueEmail("mailto-other")];
    await call(sendMessage, {
      token: account.accessToken,
      body: { from: `n@${domain.name}`, to: [reader, other], subject: "S", text: "T", topicId: topic.id },
    });
    const { mailto, token } = unsubscribeLinksIn((await copyFor(reader)).raw);
    const swaks = (to: string) =>
      spawnSync(
        "swaks",
        [
          "--server",
          "127.0.0.1",
          "--port",
          String(inject("mxPort")),
          "--from",
          reader,
          "--to",
          to,
          "--body",
          "unsubscribe",
          "--timeout",
          "20",
        ],
        {
          encoding: "utf8",
        },
      );
    const forged = swaks(mailto.replace(token, `${token.slice(0, -1)}${token.endsWith("0") ? "1" : "0"}`));
    expect(`${forged.stdout}${forged.stderr}`).toMatch(/<\*\* 550 5\.1\.1/);
    const sent = swaks(mailto);
    expect(sent.status, sent.stdout).toBe(0);
    const choices = await eventually(
      async () => (await call(listSubscriptions, { token: account.accessToken, query: { email: reader } })).body.data,
      (found) => found.length > 0,
    );
    expect(choices).toEqual([expect.objectContaining({ topicId: topic.id, status: "unsubscribed", source: "mailto" })]);
    expect((await call(listSubscriptions, { token: account.accessToken, query: { email: other } })).body.data).toEqual([]);
  });

  it("refuses forged and altered tokens, return-path tokens and links whose message is gone with 404, changing nothing", async () => {
    const account = await createAccount();
    const domain = await verifiedDomain(account);
    const topic = await newTopic(account);
    const to = uniqueEmail("forge");
    await call(sendMessage, {
      token: account.accessToken,
      body: { from: `n@${domain.name}`, to, subject: "S", text: "T", topicId: topic.id },
    });
    const { url, token } = unsubscribeLinksIn((await waitForEmail(to)).raw);
    const flipped = `${token.slice(0, -1)}${token.endsWith("0") ? "1" : "0"}`;
    for (const bad of [url.replace(token, flipped), url.replace(token, "msg_not-a-token"), url.replace(token, `${token}0`)]) {
      expect((await oneClick(bad)).status).toBe(404);
      expect((await visitLink(bad)).status).toBe(404);
    }
    // A message's return-path (VERP) token is no unsubscribe token.
    const [row] = await sql<{ id: string }>("select id from messages where account_id = $1", [account.user.id]);
    expect((await oneClick(url.replace(token, `${row!.id}-${"0".repeat(20)}`))).status).toBe(404);
    expect((await call(listSubscriptions, { token: account.accessToken, query: { email: to } })).body.data).toEqual([]);
    // A link whose message is gone (its account deleted) names nobody any more.
    const gone = await createAccount();
    const goneDomain = await verifiedDomain(gone);
    const goneTopic = await newTopic(gone);
    const reader = uniqueEmail("gone");
    await call(sendMessage, {
      token: gone.accessToken,
      body: { from: `n@${goneDomain.name}`, to: reader, subject: "S", text: "T", topicId: goneTopic.id },
    });
    const goneLink = unsubscribeLinksIn((await waitForEmail(reader)).raw).url;
    expect((await visitLink(goneLink)).status).toBe(200);
    await sql("delete from accounts where id = $1", [gone.user.id]);
    expect((await oneClick(goneLink)).status).toBe(404);
    expect((await visitLink(goneLink)).status).toBe(404);
  });

  it("skips an opt-in topic's recipients until they subscribe; a batch skips per message", async () => {
    const account = await createAccount();
    const domain = await verifiedDomain(account);
    const topic = await newTopic(account, { defaultSubscription: "opt_in" });
    const [joined, stranger] = [uniqueEmail("joined"), uniqueEmail("stranger")];
    await call(putSubscriptions, { token: account.accessToken, params: { email: joined }, body: { topics: { [topic.id]: "subscribed" } } });
    const batch = await call(sendMessageBatch, {
      token: account.accessToken,
      body: {
        messages: [
          { from: `n@${domain.name}`, to: [joined, stranger], subject: "Offer", text: "T", topicId: topic.id },
          { from: `n@${domain.name}`, to: [stranger], subject: "Welcome", text: "T" },
        ],
      },
    });
    expect(batch.status, JSON.stringify(batch.body)).toBe(201);
    const [offer, welcome] = batch.body.data.items;
    expect(offer!.events.filter((event) => event.type === "suppressed").map((event) => event.detail)).toEqual([
      { recipient: stranger.toLowerCase(), reason: "unsubscribed" },
    ]);
    expect(welcome!.status).toBe("queued");
    await copyFor(joined, "Offer");
    await copyFor(stranger, "Welcome");
    expect(emailsTo(stranger).filter((email) => email.envelopeTo.includes(stranger.toLowerCase()) && email.subject === "Offer")).toEqual(
      [],
    );
    const delivered = await settledMessage(account.accessToken, offer!.id);
    expect(delivered.recipients.map((recipient) => [recipient.email, recipient.status])).toEqual([
      [joined.toLowerCase(), "sent"],
      [stranger.toLowerCase(), "suppressed"],
    ]);
  });

  it("keeps a deleted topic's links working, and the preference page's form saves what the reader picks", async () => {
    const account = await createAccount();
    await sql("update accounts set name = $2 where id = $1", [account.user.id, "<b>Acme & Co</b>"]);
    const domain = await verifiedDomain(account);
    const [digest, offers] = [await newTopic(account, { name: "Digest <script>" }), await newTopic(account, { name: "Offers" })];
    const to = uniqueEmail("picker");
    await call(sendMessage, {
      token: account.accessToken,
      body: { from: `n@${domain.name}`, to, subject: "S", text: "T", topicId: digest.id },
    });
    const { url } = unsubscribeLinksIn((await waitForEmail(to)).raw);

    const page = await (await visitLink(url)).text();
    expect(page).toContain("Digest &lt;script&gt;");
    expect(page).toContain("&lt;b&gt;Acme &amp; Co&lt;/b&gt;");
    expect(page).not.toContain("<script>");
    expect(page).not.toContain("<b>Acme");

    // Keep Digest, drop Offers.
    const saved = await visitLink(url, { form: { action: "save", topic: [digest.id] } });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toMatch(/\?done=saved$/);
    expect((await call(listSubscriptions, { token: account.accessToken, query: { email: to } })).body.data).toEqual([
      expect.objectContaining({ topicId: offers.id, status: "unsubscribed", source: "preference_page" }),
    ]);

    await call(deleteTopic, { token: account.accessToken, params: { topic_id: digest.id } });
    expect((await oneClick(url)).status).toBe(200);
    const [choice] = await sql<{ status: string; source: string }>(
      "select status, source from topic_subscriptions where topic_id = $1 and email = $2",
      [digest.id, to.toLowerCase()],
    );
    expect(choice).toEqual({ status: "unsubscribed", source: "one_click" });
  });

  it("limits a flood of one-click POSTs to one link without touching anyone else", async () => {
    const account = await createAccount();
    const domain = await verifiedDomain(account);
    const topic = await newTopic(account);
    const [target, bystander] = [uniqueEmail("flood"), uniqueEmail("bystander")];
    await call(sendMessage, {
      token: account.accessToken,
      body: { from: `n@${domain.name}`, to: [target, bystander], subject: "S", text: "T", topicId: topic.id },
    });
    const { url } = unsubscribeLinksIn((await copyFor(target)).raw);
    const answers: number[] = [];
    for (let attempt = 0; attempt < 35; attempt++) answers.push((await oneClick(url)).status);
    expect(answers.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(answers.slice(30).every((status) => status === 429)).toBe(true);
    expect((await call(listSubscriptions, { token: account.accessToken, query: { email: bystander } })).body.data).toEqual([]);
    const [events] = await sql<{ n: number }>(
      "select count(*)::int as n from account_events where account_id = $1 and type = 'subscription.changed'",
      [account.user.id],
    );
    expect(events!.n).toBe(1);
  });
});
