"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useAccount } from "@/features/account/use-account";
import { buttonClass } from "@/components/button-styles";
import { IntentLink } from "@/components/intent-link";
import { NavIcon } from "@/components/nav-icons";
import { isCurrent, visibleNavSections } from "@/components/nav-items";
import { useNavMenu } from "@/components/nav-menu";
import { useActing } from "@/features/teams/use-acting";

// One "Primary" navigation per page, placed by who is looking: the signed-in
// get a sidebar beside the page (the portal has a dozen areas), everyone else
// a few links in the header bar. Below lg both fold into the header's menu
// button and open as a panel over the page.
type Placement = "sidebar" | "bar";

const panelWhenOpen =
  "max-lg:fixed max-lg:inset-x-0 max-lg:top-14 max-lg:bottom-0 max-lg:z-30 max-lg:flex max-lg:flex-col max-lg:gap-5 max-lg:overflow-y-auto max-lg:overscroll-contain max-lg:border-t max-lg:border-zinc-200 max-lg:bg-white max-lg:px-4 max-lg:pt-4 max-lg:pb-8 dark:max-lg:border-zinc-800 dark:max-lg:bg-zinc-950";

const placementClass: Record<Placement, string> = {
  sidebar:
    "lg:sticky lg:top-14 lg:flex lg:h-[calc(100dvh-3.5rem)] lg:w-60 lg:shrink-0 lg:flex-col lg:gap-6 lg:overflow-y-auto lg:border-r lg:border-zinc-200 lg:px-3 lg:py-5 dark:lg:border-zinc-800",
  bar: "lg:flex lg:items-center lg:gap-1",
};

const linkClass =
  "flex items-center gap-2.5 rounded-md px-2.5 py-2.5 text-[0.9375rem] font-medium whitespace-nowrap text-zinc-600 transition-colors hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 aria-[current=page]:bg-zinc-100 aria-[current=page]:text-zinc-900 lg:py-1.5 lg:text-sm dark:text-zinc-400 dark:hover:bg-zinc-800/70 dark:hover:text-zinc-100 dark:aria-[current=page]:bg-zinc-800/80 dark:aria-[current=page]:text-white";

export function SiteNav({ placement }: { placement: Placement }) {
  const pathname = usePathname();
  const account = useAccount();
  const menu = useNavMenu();
  const acting = useActing();
  const isSignedIn = account.status === "signed-in";
  if ((placement === "sidebar") !== isSignedIn) return null;

  const sections = visibleNavSections(isSignedIn, acting.may);
  return (
    <nav
      ref={menu.navRef}
      id={menu.navId}
      aria-label="Primary"
      data-open={menu.isOpen ? "" : undefined}
      className={`${menu.isOpen ? panelWhenOpen : "max-lg:hidden"} ${placementClass[placement]}`}
    >
      {sections.map((section, index) => {
        const labelId = section.label ? `nav-section-${section.label.toLowerCase()}` : undefined;
        const isLast = index === sections.length - 1;
        return (
          <div
            key={section.label ?? `loose-${index}`}
            // The sidebar keeps help (the last, unlabelled section) at its foot.
            className={placement === "sidebar" && isLast && index > 0 ? "lg:mt-auto" : undefined}
          >
            {section.label ? (
              <p id={labelId} className="mb-1 px-2.5 text-xs font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
                {section.label}
              </p>
            ) : null}
            <ul aria-labelledby={labelId} className={`flex flex-col gap-0.5 ${placement === "bar" ? "lg:flex-row lg:gap-1" : ""}`}>
              {section.items.map((item) => (
                <li key={item.href}>
                  <IntentLink
                    href={item.href}
                    aria-current={isCurrent(item, pathname) ? "page" : undefined}
                    // The same page: the pathname does not change, so close the menu here.
                    onClick={menu.close}
                    className={`${linkClass} ${placement === "bar" ? "lg:gap-2 lg:px-2.5" : ""}`}
                  >
                    <span className={placement === "bar" ? "lg:hidden" : "contents"}>
                      <NavIcon href={item.href} />
                    </span>
                    {item.label}
                  </IntentLink>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
      {placement === "bar" ? (
        // The phone menu's foot: a way in for a newcomer too (the header bar has these beside it from lg).
        <div className="flex flex-wrap gap-2 border-t border-zinc-200 pt-4 lg:hidden dark:border-zinc-800">
          <Link href="/sign-up" onClick={menu.close} className={buttonClass("primary", "sm")}>
            Create account
          </Link>
          <Link href="/sign-in" onClick={menu.close} className={buttonClass("secondary", "sm")}>
            Sign in
          </Link>
        </div>
      ) : null}
    </nav>
  );
}
