import Link from "next/link";
import { buttonClass } from "@/components/button-styles";
import type { OfferedProvider } from "@/shared/schemas/oauth";
import { OAuthButtons } from "./oauth-buttons";
import { withCallbackUrl } from "@/shared/safe-callback-url";

const iconProps = {
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 1.75,
  strokeLinecap: "round",
  strokeLinejoin: "round",
  className: "size-4 text-zinc-500 dark:text-zinc-400",
  "aria-hidden": true,
} as const;

/** The "or" rule between a form and the other ways in. */
export function OrDivider() {
  return (
    <div className="flex items-center gap-3" aria-hidden="true">
      <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
      <span className="text-xs font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400">or</span>
      <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
    </div>
  );
}

/** Below the password form: Google or GitHub (when configured), or an emailed code or link instead. */
export function OtherSignInMethods({ callbackUrl, providers }: { callbackUrl: string; providers: OfferedProvider[] }) {
  return (
    <div className="mt-6">
      <OrDivider />
      <div className="mt-6">
        <OAuthButtons providers={providers} callbackUrl={callbackUrl} />
      </div>
      <ul className={providers.length > 0 ? "mt-2.5 space-y-2.5" : "space-y-2.5"}>
        <li>
          <Link href={withCallbackUrl("/sign-in/code", callbackUrl)} className={`${buttonClass("secondary")} w-full`}>
            <svg {...iconProps}>
              <rect x="3" y="5" width="18" height="14" rx="2" />
              <path d="M7 12h.01M10.5 12h.01M14 12h.01M17.5 12h.01" strokeWidth={2.5} />
            </svg>
            Email me a code instead
          </Link>
        </li>
        <li>
          {/* The emailed link always lands on the dashboard: the API builds it, so no callbackUrl. */}
          <Link href="/sign-in/link" className={`${buttonClass("secondary")} w-full`}>
            <svg {...iconProps}>
              <path d="M10 13a5 5 0 0 0 7.54.54l3-3a5 5 0 0 0-7.07-7.07l-1.72 1.71" />
              <path d="M14 11a5 5 0 0 0-7.54-.54l-3 3a5 5 0 0 0 7.07 7.07l1.71-1.71" />
            </svg>
            Email me a sign-in link
          </Link>
        </li>
      </ul>
    </div>
  );
}
