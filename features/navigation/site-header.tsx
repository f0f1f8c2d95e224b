import Link from "next/link";
import { AccountMenu } from "./account-menu";
import { LogoMark } from "@/components/logo-mark";
import { NavMenuButton } from "@/components/nav-menu";
import { SiteNav } from "./site-nav";
import { ThemeToggle } from "@/components/theme-toggle";

// One row: the menu button (below lg), the brand, the signed-out navigation
// bar, then the theme and account controls. The signed-in navigation is the
// sidebar beside the page (app/layout.tsx). The background is opaque, not a
// backdrop blur: a blur would become the containing block of the menu panel,
// which is fixed to the viewport below the header.
export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-zinc-200/80 bg-white dark:border-zinc-800/80 dark:bg-zinc-950">
      <div className="flex h-14 items-center gap-2 px-4 sm:gap-4 sm:px-6">
        <NavMenuButton />
        <Link
          href="/"
          className="flex shrink-0 items-center gap-2 rounded-md text-sm font-semibold tracking-tight text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 lg:w-52 dark:text-white"
        >
          <LogoMark />
          <span className="hidden sm:inline">Customer Email Service</span>
          <span className="sm:hidden">CES</span>
        </Link>
        <SiteNav placement="bar" />
        <div className="ml-auto flex items-center gap-2 sm:gap-3">
          <ThemeToggle />
          <AccountMenu />
        </div>
      </div>
    </header>
  );
}
