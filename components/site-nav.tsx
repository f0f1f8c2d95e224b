"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useAccount } from "@/features/account/use-account";
import { isCurrent, visibleNavItems } from "./nav-items";

export function SiteNav() {
  const pathname = usePathname();
  const account = useAccount();
  return (
    <nav aria-label="Primary">
      <ul className="flex items-center gap-1">
        {visibleNavItems(account.status === "signed-in").map((item) => {
          const current = isCurrent(item, pathname);
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                aria-current={current ? "page" : undefined}
                className="block rounded-md px-2.5 py-1.5 text-sm whitespace-nowrap font-medium text-zinc-600 transition-colors hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 aria-[current=page]:bg-zinc-100 aria-[current=page]:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800/70 dark:hover:text-zinc-100 dark:aria-[current=page]:bg-zinc-800/80 dark:aria-[current=page]:text-white"
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
