// The navigation's "hasPage" flags against the pages in app/: an entry is shown
// exactly when its page exists, so building SMTP, Suppressions or Mailboxes
// later means flipping one flag, and forgetting to is caught here.
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isCurrent, navSections, visibleNavSections } from "@/components/nav-items";
import { isGranted, type Permission } from "@/shared/api/access";

const appDir = path.resolve("app");

/** URL paths of app/**\/page.tsx, route groups like (portal) left out. */
function pagePaths(dir = appDir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return pagePaths(full);
    if (entry.name !== "page.tsx") return [];
    const segments = path
      .relative(appDir, dir)
      .split(path.sep)
      .filter((segment) => segment && !/^\(.*\)$/.test(segment));
    return [`/${segments.join("/")}`];
  });
}

const pages = new Set(pagePaths());
const allItems = navSections.flatMap((section) => section.items);
const labelsOf = (isSignedIn: boolean, may?: (permission: Permission) => boolean) =>
  visibleNavSections(isSignedIn, may).map((section) => [section.label, section.items.map((item) => item.label)]);

describe("primary navigation", () => {
  for (const item of allItems) {
    it(`${item.label} (${item.href}) is flagged ${item.hasPage ? "built" : "not built"}, as app/ has it`, () => {
      expect(pages.has(item.href)).toBe(item.hasPage);
    });
  }

  it("lists each page once", () => {
    const hrefs = allItems.map((item) => item.href);
    expect(new Set(hrefs).size).toBe(hrefs.length);
  });

  it("groups the signed-in areas by what customers do, without pages that are not built", () => {
    expect(labelsOf(true)).toEqual([
      [null, ["Dashboard"]],
      ["Sending", ["Domains", "Messages", "Templates", "API keys", "SMTP", "Relays", "Suppressions", "Topics", "Events"]],
      ["Hosting", ["Mailboxes"]],
      ["Account", ["Billing", "Team", "Security", "Sessions", "Activity", "Settings"]],
      [null, ["API reference", "Support"]],
    ]);
  });

  it("leaves out the pages the role acting in the account may not read", () => {
    const developer = (permission: Permission) => isGranted("developer", permission);
    expect(labelsOf(true, developer)[3]).toEqual(["Account", ["Security", "Sessions", "Activity", "Settings"]]);
  });

  it("offers the signed-out only what they can open", () => {
    expect(labelsOf(false)).toEqual([
      [null, ["Home"]],
      [null, ["API reference", "Support"]],
    ]);
  });

  it("drops a built page's entry into its section when its flag is set", () => {
    const mailboxes = allItems.find((item) => item.href === "/mailboxes")!;
    mailboxes.hasPage = true;
    try {
      expect(labelsOf(true)[2]).toEqual(["Hosting", ["Mailboxes"]]);
    } finally {
      mailboxes.hasPage = false;
    }
  });

  it("marks the current page, and its sub-pages for prefix entries", () => {
    const home = allItems.find((item) => item.href === "/")!;
    const domains = allItems.find((item) => item.href === "/domains")!;
    expect(isCurrent(home, "/")).toBe(true);
    expect(isCurrent(home, "/domains")).toBe(false);
    expect(isCurrent(domains, "/domains/abc")).toBe(true);
    expect(isCurrent(domains, "/domainsx")).toBe(false);
  });
});
