// The primary navigation. Only areas that exist are listed: a link must never
// lead to a page that pretends to work. Each new portal area adds one line
// (sign-in, dashboard, domains, relays, billing, sessions, security, activity, support).

export type NavItem = {
  href: string;
  label: string;
  /** "exact": current only on href itself; "prefix": also on pages below it. */
  match: "exact" | "prefix";
};

export const navItems: readonly NavItem[] = [
  { href: "/", label: "Home", match: "exact" },
  { href: "/docs/api", label: "API reference", match: "prefix" },
];

export function isCurrent(item: NavItem, pathname: string): boolean {
  if (item.match === "exact") return pathname === item.href;
  return pathname === item.href || pathname.startsWith(`${item.href}/`);
}
