import Link from "next/link";
import { LogoMark } from "./logo-mark";
import { SiteNav } from "./site-nav";
import { ThemeToggle } from "./theme-toggle";

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-zinc-200/80 bg-white/80 backdrop-blur dark:border-zinc-800/80 dark:bg-zinc-950/80">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <Link
          href="/"
          className="flex shrink-0 items-center gap-2 rounded-md text-sm font-semibold tracking-tight text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-white"
        >
          <LogoMark />
          <span className="hidden sm:inline">Customer Email Service</span>
          <span className="sm:hidden">CES</span>
        </Link>
        <div className="ml-auto flex items-center gap-2 sm:gap-4">
          <SiteNav />
          <ThemeToggle />
        </div>
      </div>
    </header>
  );
}
