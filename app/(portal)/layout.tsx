import { redirect } from "next/navigation";
import { DevMailboxProvider } from "@/components/dev-mailbox";
import { QueryProvider } from "@/features/api/query-client";
import { env } from "@/server/config/env";
import { signInUrl } from "@/shared/safe-callback-url";
import { currentPagePath, getPortalSession } from "@/server/portal/portal-session";

// Signed-in pages. Visitors without a portal session go to sign in and come
// back here afterwards. This only keeps the signed-out away from the page;
// the data behind it is guarded by the API itself (every BFF call carries the
// session's token and the API checks it).
export default async function PortalLayout({ children }: { children: React.ReactNode }) {
  if (!(await getPortalSession())) redirect(signInUrl(await currentPagePath()));
  // At least a screen tall: pages fill in after their data arrives, and the
  // footer below must not be on screen to be pushed down (a layout shift).
  return (
    <div className="mx-auto min-h-dvh w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <QueryProvider>
        {/* The dev mailbox exists outside production, and has the emails with the file transport. */}
        <DevMailboxProvider isAvailable={!env().isProduction && env().emailTransport === "file"}>{children}</DevMailboxProvider>
      </QueryProvider>
    </div>
  );
}
