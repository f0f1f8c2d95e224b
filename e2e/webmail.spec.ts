// The webmail in the portal (docs/webmail.md, "In the portal"), as a mailbox's
// owner uses it, with two hosted mailboxes of one account writing to each
// other through the real sending pipeline and Dovecot. On a wide screen,
// keyboard first: read with j (Back closes the message, Forward reopens it),
// reply with r and Ctrl+Enter (the reply lands in the other mailbox,
// threaded), follow its delivery in Sent, search with /, file the message
// into a new folder, delete it with # and undo, flag it and leave it unread,
// rename and delete the folder. On a 390 px phone, one pane at a time: read
// and go back, by the button and by the browser's Back (message → list →
// folders; Forward and reload come back), compose with an attachment from
// the default sender (sent again after its answer was lost: it goes out
// once), save a draft, resume it from Drafts and send it.
import { randomBytes } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { newAccount, signUpThroughPortal } from "./support/accounts";
import { seriousViolations } from "./support/axe";
import { arrangeSendingMailboxes, countMailboxMessages, readMailboxMessage, waitForMailboxMessage } from "./support/hosted-mailbox";
import { expectNoSidewaysScroll, wideAndPhone } from "./support/screens";
import { expect, test } from "./support/test";

const [[, wide], [, phone]] = wideAndPhone;
const tag = () => randomBytes(3).toString("hex");

/** One mailbox writes to another over the API, as the webmail's send does. */
async function sendFromMailbox(request: APIRequestContext, authorization: string, mailboxId: string, data: Record<string, unknown>) {
  const sent = await request.post(`/api/v1/mailboxes/${mailboxId}/send`, { headers: { authorization }, data });
  expect(sent.status(), await sent.text()).toBe(201);
}

test.describe("webmail, wide screen", () => {
  test.use({ viewport: wide });

  test("read, reply and find it with the keyboard, follow the delivery in Sent, file it in a new folder", async ({ page }) => {
    test.setTimeout(180_000);
    const account = newAccount("webmail");
    await signUpThroughPortal(page.context().request, account);
    const {
      authorization,
      mailboxes: [ada, bob],
    } = await arrangeSendingMailboxes(page.request, account, ["ada", "bob"]);
    const subject = `Lunch on Friday ${tag()}`;
    await sendFromMailbox(page.request, authorization, bob!.mailboxId, { to: ada!.address, subject, text: "Shall we meet at noon?" });
    await waitForMailboxMessage(page.request, authorization, ada!.mailboxId, subject);

    // Three panes: the folders (special ones first, with unread counts), the list, and a hint where the message goes.
    await page.goto(`/mailboxes/${ada!.mailboxId}/inbox`);
    const folders = page.getByRole("navigation", { name: "Folders" });
    await expect(folders.getByRole("link")).toHaveText([/^Inbox\s*1 unread$/, "Drafts", "Sent", "Junk", "Trash"]);
    await expect(folders.getByRole("link", { name: /^Inbox/ })).toHaveAttribute("aria-current", "page");
    const rows = page.getByRole("list", { name: "Messages" }).getByRole("listitem");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(bob!.address);
    await expect(page.getByText("Pick a message to read it here.")).toBeVisible();

    // j opens the first message; reading it clears the unread count.
    await page.keyboard.press("j");
    const message = page.getByRole("article", { name: subject });
    await expect(message.getByRole("heading", { name: subject })).toBeFocused();
    await expect(message.getByLabel("Message body (text)")).toHaveText("Shall we meet at noon?");
    await expect(folders.getByRole("link", { name: "Inbox", exact: true })).toBeVisible();
    // The open message is in the address: Back closes it, Forward opens it again.
    await expect(page).toHaveURL(/\/inbox\?message=/);
    await page.goBack();
    await expect(page.getByText("Pick a message to read it here.")).toBeVisible();
    await page.goForward();
    await expect(message.getByLabel("Message body (text)")).toHaveText("Shall we meet at noon?");

    // r: a reply to the sender, quoting the message, with the cursor in the text; Ctrl+Enter sends it.
    await page.keyboard.press("r");
    const reply = page.getByRole("dialog", { name: "Reply" });
    await expect(reply.getByLabel("From")).toHaveValue(ada!.address);
    await expect(reply.getByLabel("To", { exact: true })).toHaveValue(bob!.address);
    await expect(reply.getByLabel("Subject")).toHaveValue(`Re: ${subject}`);
    const text = reply.getByRole("textbox", { name: "Message" });
    await expect(text).toBeFocused();
    // The quote is below the text, outside it, folded until asked for.
    const quote = reply.getByRole("group", { name: "Quoted text" });
    await expect(quote.locator("blockquote")).toHaveCount(0);
    await quote.getByRole("button", { name: "Show quoted text" }).click();
    await expect(quote.locator("blockquote")).toHaveText("Shall we meet at noon?");
    expect(await seriousViolations(page)).toEqual([]);
    // A click in the text's empty space, as people do before typing: what they type is the reply, never the quote.
    const area = (await text.boundingBox())!;
    await text.click({ position: { x: area.width - 12, y: area.height - 12 } });
    await page.keyboard.type("Noon works. See you there.");
    await page.keyboard.press("Control+Enter");
    const sent = page.getByRole("status").filter({ hasText: `Sent “Re: ${subject}” to ${bob!.address}.` });
    await expect(sent).toContainText("Follow each recipient’s delivery in Sent or on its message page.");
    await expect(reply).toBeHidden();

    // It landed in bob's inbox, in the same conversation as the message it answers.
    const answer = await waitForMailboxMessage(page.request, authorization, bob!.mailboxId, `Re: ${subject}`);
    const read = (await readMailboxMessage(page.request, authorization, bob!.mailboxId, answer.id)) as { text?: string | null };
    const answerText = read.text ?? "";
    // The reply on its own line, then the attribution and the quote, each apart.
    expect(answerText).toMatch(/^Noon works\. See you there\.\n+On [\s\S]+? wrote:\n+> Shall we meet at noon\?/);
    const original = await waitForMailboxMessage(page.request, authorization, bob!.mailboxId, subject, "Sent");
    expect(answer.threadId).toBe(original.threadId);

    // The notice leads to the copy in Sent, which says how the delivery to each recipient went.
    await sent.getByRole("link", { name: "Sent" }).click();
    await expect(page).toHaveURL(/\?folder=Sent&message=/);
    const copy = page.getByRole("article", { name: `Re: ${subject}` });
    await expect(
      copy.getByRole("list", { name: "Delivery to each recipient" }).getByRole("listitem", { name: bob!.address }),
    ).toContainText("Delivered");
    await expect(copy.getByRole("link", { name: /^Message page/ })).toHaveAttribute("href", /^\/messages\/msg_/);
    await page.emulateMedia({ colorScheme: "dark" });
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: "light" });

    // / focuses the search: words of the subject find it, others find nothing and say so.
    await folders.getByRole("link", { name: /^Inbox/ }).click();
    await expect(page).toHaveURL(/\/inbox$/);
    await expect(page.getByRole("heading", { level: 2, name: "Inbox" })).toBeVisible();
    await page.keyboard.press("/");
    const search = page.getByRole("searchbox", { name: "Search mail" });
    await expect(search).toBeFocused();
    // At 1280 px the search's hint fits its box.
    const hintFits = await search.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement("canvas").getContext("2d")!;
      context.font = `${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      return context.measureText(input.placeholder).width <= room;
    });
    expect(hintFits).toBe(true);
    await page.keyboard.type("nothing-like-this");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "No messages match “nothing-like-this”" })).toBeVisible();
    await search.fill(subject.split(" ").at(-1)!);
    await page.keyboard.press("Enter");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(subject);

    // A new folder, and the message moved into it.
    await folders.getByRole("button", { name: "+ New folder" }).click();
    const newFolder = page.getByRole("dialog", { name: "New folder" });
    await newFolder.getByLabel("Folder name").fill("Projects");
    await newFolder.getByRole("button", { name: "Create folder" }).click();
    await expect(page).toHaveURL(/\?folder=Projects$/);
    await expect(page.getByRole("heading", { name: "No messages in Projects" })).toBeVisible();
    await folders.getByRole("link", { name: /^Inbox/ }).click();
    await rows.first().getByRole("button").click();
    await message.getByRole("button", { name: "Move…" }).click();
    await page
      .getByRole("dialog", { name: `Move “${subject}”` })
      .getByRole("button", { name: "Projects" })
      .click();
    await expect(page.getByRole("status").filter({ hasText: `Moved “${subject}” to Projects.` })).toBeVisible();
    await expect(page.getByRole("heading", { name: "No messages yet" })).toBeVisible();
    // Searching from the Inbox looks in every folder: the hit names the folder it is in.
    await expect(page.getByLabel("All folders (not Junk or Trash)")).toBeChecked();
    await search.fill(subject.split(" ").at(-1)!);
    await page.keyboard.press("Enter");
    await expect(rows.filter({ hasText: "Projects" }).first()).toContainText(subject);
    await page.getByRole("button", { name: "Clear" }).click();
    await folders.getByRole("link", { name: "Projects" }).click();
    await expect(rows.first()).toContainText(subject);

    // # deletes the open message to Trash; Undo brings it back.
    await page.keyboard.press("j");
    await expect(message.getByRole("heading", { name: subject })).toBeFocused();
    await page.keyboard.press("#");
    const trashed = page.getByRole("status").filter({ hasText: `Moved “${subject}” to Trash.` });
    await trashed.getByRole("button", { name: "Undo" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Moved “${subject}” to Projects.` })).toBeVisible();
    await expect(rows.first()).toContainText(subject);

    // Flagged, and left unread again (which closes it): the row says both.
    await page.keyboard.press("j");
    await message.getByRole("button", { name: "Flag", exact: true }).click();
    await expect(message.getByRole("button", { name: "Unflag" })).toBeVisible();
    await message.getByRole("button", { name: "Mark unread" }).click();
    await expect(message).toHaveCount(0);
    await expect(rows.first().getByText("Flagged", { exact: true })).toBeVisible();
    await expect(rows.first().getByText("Unread", { exact: true })).toBeVisible();

    // The folder renamed, then deleted with what it holds (after a confirmation); back to the Inbox.
    await page.getByRole("button", { name: "Rename folder Projects" }).click();
    const rename = page.getByRole("dialog", { name: "Rename “Projects”" });
    await rename.getByLabel("Folder name").fill("Clients");
    await rename.getByRole("button", { name: "Rename folder" }).click();
    await expect(page).toHaveURL(/\?folder=Clients$/);
    await expect(rows.first()).toContainText(subject);
    await page.getByRole("button", { name: "Delete folder Clients" }).click();
    const removal = page.getByRole("dialog", { name: "Delete the folder “Clients”?" });
    await expect(removal).toContainText("Its message is deleted with it");
    await removal.getByRole("button", { name: "Delete folder" }).click();
    await expect(page).toHaveURL(/\/inbox$/);
    await expect(folders.getByRole("link")).toHaveText(["Inbox", "Drafts", "Sent", "Junk", "Trash"]);

    // ? lists the shortcuts.
    await page.keyboard.press("?");
    const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await expect(help).toContainText("Reply to the open message");
    await page.keyboard.press("Escape");
    await expect(help).toBeHidden();
  });
});

test.describe("webmail, 390 px phone", () => {
  test.use({ viewport: phone });

  test("one pane at a time: read and go back, send with an attachment from the default sender, keep a draft and send it later", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const account = newAccount("webmail-phone");
    await signUpThroughPortal(page.context().request, account);
    const {
      authorization,
      mailboxes: [ada, bob],
    } = await arrangeSendingMailboxes(page.request, account, ["ada", "bob"]);
    const greeting = `Welcome aboard ${tag()}`;
    await sendFromMailbox(page.request, authorization, bob!.mailboxId, {
      to: ada!.address,
      subject: greeting,
      html: "<p>Glad you are <b>here</b>.</p>",
    });
    await waitForMailboxMessage(page.request, authorization, ada!.mailboxId, greeting);

    // The list first; a message takes its place, and the back button returns to it (focus on the message's row).
    await page.goto(`/mailboxes/${ada!.mailboxId}/inbox`);
    const rows = page.getByRole("list", { name: "Messages" }).getByRole("listitem");
    const folders = page.getByRole("navigation", { name: "Folders" });
    await expect(rows).toHaveCount(1);
    await expect(folders).toBeHidden();
    await rows.first().getByRole("button").click();
    const message = page.getByRole("article", { name: greeting });
    await expect(page.frameLocator('iframe[title="Message body (HTML)"]').getByText("Glad you are")).toBeVisible();
    await expect(rows).toBeHidden();
    await expectNoSidewaysScroll(page);
    await message.getByRole("button", { name: "← Inbox" }).click();
    await expect(rows.first().getByRole("button")).toBeFocused();

    // The browser's Back steps back a pane, message → list → folders, and Forward and a reload come back.
    await page.getByRole("button", { name: "← Folders" }).click();
    await expect(folders).toBeVisible();
    await expect(rows.first()).toBeHidden();
    await folders.getByRole("link", { name: /^Inbox/ }).click();
    await rows.first().getByRole("button").click();
    await expect(message).toBeVisible();
    await expect(page).toHaveURL(/\/inbox\?message=/);
    await page.goBack();
    await expect(rows.first()).toBeVisible();
    await expect(message).toBeHidden();
    await expect(rows.first().getByRole("button")).toBeFocused();
    await page.goBack();
    await expect(folders).toBeVisible();
    await expect(rows.first()).toBeHidden();
    await page.goForward();
    await expect(rows.first()).toBeVisible();
    await page.goForward();
    await expect(message).toBeVisible();
    await page.reload();
    await expect(message.getByRole("heading", { name: greeting })).toBeVisible();
    await page.goBack();
    await expect(rows.first()).toBeVisible();
    await expect(message).toBeHidden();

    // A new message with the form's default sender, and a file attached.
    await page.getByRole("button", { name: "Compose" }).click();
    const compose = page.getByRole("dialog", { name: "New message" });
    await expect(compose.getByLabel("To", { exact: true })).toBeFocused();
    await expect(compose.getByLabel("From")).toHaveValue(ada!.address);
    // Send is on the phone's screen from the start, without scrolling the form.
    const send = (await compose.getByRole("button", { name: "Send", exact: true }).boundingBox())!;
    expect(send.y + send.height).toBeLessThanOrEqual(844);
    const figures = `Figures ${tag()}`;
    await compose.getByLabel("To", { exact: true }).fill(bob!.address);
    await compose.getByLabel("Subject").fill(figures);
    await compose.getByRole("textbox", { name: "Message" }).fill("The figures are attached.");
    const csv = "Item,Amount\nWidgets,1200\n";
    await compose.getByLabel("Attach files").setInputFiles({ name: "figures.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await expect(compose.getByRole("list", { name: "Attached files" })).toContainText("figures.csv");
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    // The first send reaches the server but its answer is lost on the way back; Send again sends it once.
    const keys: (string | null)[] = [];
    await page.route("**/api/portal/mailboxes/*/send", async (route) => {
      keys.push(route.request().headers()["idempotency-key"] ?? null);
      if (keys.length > 1) return route.continue();
      await route.fetch();
      await route.abort("connectionreset");
    });
    await compose.getByRole("button", { name: "Send", exact: true }).click();
    await expect(compose.getByRole("alert")).toContainText("We could not reach the server");
    await compose.getByRole("button", { name: "Send", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: `Sent “${figures}” to ${bob!.address}.` })).toBeVisible();
    await page.unroute("**/api/portal/mailboxes/*/send");
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^compose-[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    const received = await readMailboxMessage(
      page.request,
      authorization,
      bob!.mailboxId,
      (await waitForMailboxMessage(page.request, authorization, bob!.mailboxId, figures)).id,
    );
    expect(received.attachments.map((attachment) => [attachment.filename, Buffer.from(attachment.content, "base64").toString()])).toEqual([
      ["figures.csv", csv],
    ]);
    expect(await countMailboxMessages(page.request, authorization, bob!.mailboxId, figures)).toBe(1);
    expect(await countMailboxMessages(page.request, authorization, ada!.mailboxId, figures, "Sent")).toBe(1);

    // A draft: saved, closed, found in Drafts, continued and sent; Drafts is empty afterwards.
    const plans = `Plans ${tag()}`;
    await page.getByRole("button", { name: "Compose" }).click();
    await compose.getByLabel("To", { exact: true }).fill(bob!.address);
    await compose.getByLabel("Subject").fill(plans);
    await compose.getByRole("textbox", { name: "Message" }).fill("First thoughts.");
    await compose.getByRole("button", { name: "Save draft" }).click();
    await expect(compose.getByRole("status")).toContainText("Draft saved at");
    await compose.getByRole("button", { name: "Close", exact: true }).click();
    await expect(compose).toBeHidden();
    await page.getByRole("button", { name: "← Folders" }).click();
    await folders.getByRole("link", { name: /^Drafts/ }).click();
    await expect(page).toHaveURL(/\?folder=Drafts$/);
    await rows.filter({ hasText: plans }).getByRole("button").click();
    await page.getByRole("article", { name: plans }).getByRole("button", { name: "Continue editing" }).click();
    const draft = page.getByRole("dialog", { name: "Draft" });
    await expect(draft.getByLabel("To", { exact: true })).toHaveValue(bob!.address);
    await expect(draft.getByLabel("Subject")).toHaveValue(plans);
    const text = draft.getByRole("textbox", { name: "Message" });
    await expect(text).toContainText("First thoughts.");
    await text.press("End");
    await page.keyboard.type(" And second ones.");
    await draft.getByRole("button", { name: "Send", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: `Sent “${plans}”` })).toBeVisible();
    await expect(page.getByRole("heading", { name: "No messages in Drafts" })).toBeVisible();
    await waitForMailboxMessage(page.request, authorization, bob!.mailboxId, plans);
    await expectNoSidewaysScroll(page);
  });
});
