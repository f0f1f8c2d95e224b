import Link from "next/link";
import { AccountMenu } from "./account-menu";
import { LogoMark } from "./logo-mark";
import { SiteNav } from "./site-nav";
import { ThemeToggle } from "./theme-toggle";

// Two rows: the brand and the account controls, then the navigation, which
// scrolls sideways when it does not fit (a signed-in account has a dozen links).
export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-zinc-200/80 bg-white/80 backdrop-blur dark:border-zinc-800/80 dark:bg-zinc-950/80">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 px-4 sm:px-6">
        <Link
          href="/"
          className="flex h-14 shrink-0 items-center gap-2 rounded-md text-sm font-semibold tracking-tight text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-white"
        >
          <LogoMark />
          <span className="hidden sm:inline">Customer Email Service</span>
          <span className="sm:hidden">CES</span>
        </Link>
        <div className="order-last -mx-4 w-[calc(100%+2rem)] overflow-x-auto border-t border-zinc-200/80 px-3 py-1.5 sm:-mx-6 sm:w-[calc(100%+3rem)] sm:px-5 dark:border-zinc-800/80">
          <SiteNav />
        </div>
        <div className="ml-auto flex items-center gap-2 sm:gap-3">
          <ThemeToggle />
          <AccountMenu />
        </div>
      </div>
    </header>
  );
}
