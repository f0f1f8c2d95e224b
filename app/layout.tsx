import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { SiteFooter } from "@/components/site-footer";
import { NavMenuProvider } from "@/components/nav-menu";
import { SiteHeader } from "@/features/navigation/site-header";
import { SiteNav } from "@/features/navigation/site-nav";
import { SkipLink } from "@/components/skip-link";
import { IntlWarmupScript } from "@/components/intl-warmup-script";
import { ThemeScript } from "@/components/theme-script";
import { DeletionBanner } from "@/features/account-deletion/deletion-banner";
import { getPortalSession } from "@/server/portal/portal-session";
import { appVersion } from "@/server/version";
import { Providers } from "./providers";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Customer Email Service", template: "%s · Customer Email Service" },
  description:
    "Send email through your own SMTP relays or ours, verify sending domains with SPF, DKIM and DMARC, and manage it all from a REST API.",
};

export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#ffffff" },
    { media: "(prefers-color-scheme: dark)", color: "#09090b" },
  ],
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Set by proxy.ts for every page; reading it makes pages render per request,
  // which a per-request nonce requires.
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  const session = await getPortalSession();
  return (
    // The pre-paint script sets data-theme and color-scheme on <html> before hydration.
    <html lang="en" suppressHydrationWarning>
      <head>
        <ThemeScript nonce={nonce} />
        {session ? <IntlWarmupScript nonce={nonce} /> : null}
      </head>
      <body className="flex min-h-dvh flex-col bg-white text-zinc-900 antialiased dark:bg-zinc-950 dark:text-zinc-100">
        <Providers signedInEmail={session?.user.email ?? null}>
          <NavMenuProvider>
            <SkipLink />
            <SiteHeader />
            {/* The signed-in sidebar (wide screens) beside the page; min-w-0 lets wide content shrink instead of pushing the page sideways. */}
            <div className="flex flex-1">
              <SiteNav placement="sidebar" />
              <div className="flex min-w-0 flex-1 flex-col">
                <DeletionBanner />
                <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
                  {children}
                </main>
                <SiteFooter version={appVersion} />
              </div>
            </div>
          </NavMenuProvider>
        </Providers>
      </body>
    </html>
  );
}
