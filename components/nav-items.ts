// The primary navigation. Only areas that exist are listed: a link must never
// lead to a page that pretends to work. Each new portal area adds one line
// (dashboard, domains, relays, billing, security, activity, support).

export type NavItem = {
  href: string;
  label: string;
  /** "exact": current only on href itself; "prefix": also on pages below it. */
  match: "exact" | "prefix";
  /** "signed-in": shown only with a portal session (the page would send others to sign in). */
  audience: "everyone" | "signed-in";
};

export const navItems: readonly NavItem[] = [
  { href: "/", label: "Home", match: "exact", audience: "everyone" },
  { href: "/dashboard", label: "Dashboard", match: "prefix", audience: "signed-in" },
  { href: "/domains", label: "Domains", match: "prefix", audience: "signed-in" },
  { href: "/relays", label: "Relays", match: "prefix", audience: "signed-in" },
  { href: "/messages", label: "Messages", match: "prefix", audience: "signed-in" },
  { href: "/api-keys", label: "API keys", match: "prefix", audience: "signed-in" },
  { href: "/smtp", label: "SMTP", match: "prefix", audience: "signed-in" },
  { href: "/billing", label: "Billing", match: "prefix", audience: "signed-in" },
  { href: "/activity", label: "Activity", match: "prefix", audience: "signed-in" },
  { href: "/sessions", label: "Sessions", match: "prefix", audience: "signed-in" },
  { href: "/security", label: "Security", match: "prefix", audience: "signed-in" },
  { href: "/settings", label: "Settings", match: "prefix", audience: "signed-in" },
  { href: "/docs/api", label: "API reference", match: "prefix", audience: "everyone" },
  { href: "/support", label: "Support", match: "prefix", audience: "everyone" },
];

export function isCurrent(item: NavItem, pathname: string): boolean {
  if (item.match === "exact") return pathname === item.href;
  return pathname === item.href || pathname.startsWith(`${item.href}/`);
}

export function visibleNavItems(isSignedIn: boolean): NavItem[] {
  return navItems.filter((item) => item.audience === "everyone" || isSignedIn);
}
