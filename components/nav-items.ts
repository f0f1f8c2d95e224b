// The primary navigation, grouped the way customers think about the service:
// what they send, what we host for them, their account, and help. One list
// feeds the sidebar (wide screens), the menu (phones) and the signed-out bar.
// An entry whose page is not built yet stays here with `hasPage: false` and is
// not shown: a link must never lead to a page that pretends to work. Building
// the page is then a one-word change (tests/unit/nav-items.unit.test.ts checks
// every flag against app/).

import type { Permission } from "@/shared/api/access";

export type NavItem = {
  href: string;
  label: string;
  /** "exact": current only on href itself; "prefix": also on pages below it. */
  match: "exact" | "prefix";
  /**
   * "signed-in": only with a portal session (the page would send others to sign in);
   * "signed-out": only without one (the signed-in have the dashboard instead).
   */
  audience: "everyone" | "signed-in" | "signed-out";
  /** Whether app/ has the page yet. */
  hasPage: boolean;
  /** What the page needs the role acting in the account to be granted; shown to the rest is a page that can only refuse. */
  access?: Permission;
};

export type NavSection = {
  /** Shown above the section's links; null for the loose links at the top and bottom. */
  label: string | null;
  items: readonly NavItem[];
};

const portalPage = (href: string, label: string, access?: Permission): NavItem => ({
  href,
  label,
  match: "prefix",
  audience: "signed-in",
  hasPage: true,
  access,
});

export const navSections: readonly NavSection[] = [
  {
    label: null,
    items: [{ href: "/", label: "Home", match: "exact", audience: "signed-out", hasPage: true }, portalPage("/dashboard", "Dashboard")],
  },
  {
    label: "Sending",
    items: [
      portalPage("/domains", "Domains"),
      portalPage("/messages", "Messages"),
      portalPage("/templates", "Templates"),
      portalPage("/api-keys", "API keys"),
      portalPage("/smtp", "SMTP"),
      portalPage("/relays", "Relays"),
      portalPage("/suppressions", "Suppressions"),
      portalPage("/topics", "Topics"),
      portalPage("/events", "Events"),
    ],
  },
  {
    label: "Hosting",
    items: [portalPage("/mailboxes", "Mailboxes")],
  },
  {
    label: "Account",
    items: [
      portalPage("/billing", "Billing", "billing:read"),
      portalPage("/team", "Team", "members:read"),
      portalPage("/security", "Security"),
      portalPage("/sessions", "Sessions"),
      portalPage("/activity", "Activity"),
      portalPage("/settings", "Settings"),
    ],
  },
  {
    label: null,
    items: [
      { href: "/docs/api", label: "API reference", match: "prefix", audience: "everyone", hasPage: true },
      { href: "/support", label: "Support", match: "prefix", audience: "everyone", hasPage: true },
    ],
  },
];

export function isCurrent(item: NavItem, pathname: string): boolean {
  if (item.match === "exact") return pathname === item.href;
  return pathname === item.href || pathname.startsWith(`${item.href}/`);
}

/** Whether the role acting in the account is granted a permission (always, signed out or while unknown). */
type May = (permission: Permission) => boolean;

function isVisible(item: NavItem, isSignedIn: boolean, may: May): boolean {
  if (!item.hasPage) return false;
  if (item.access && !may(item.access)) return false;
  if (item.audience === "everyone") return true;
  return item.audience === (isSignedIn ? "signed-in" : "signed-out");
}

/** The sections with what this visitor may open; a section left empty is dropped. */
export function visibleNavSections(isSignedIn: boolean, may: May = () => true): NavSection[] {
  return navSections
    .map((section) => ({ ...section, items: section.items.filter((item) => isVisible(item, isSignedIn, may)) }))
    .filter((section) => section.items.length > 0);
}
