import Link from "next/link";

// API URLs are documents, not pages: plain links, so the client router leaves them alone.
const apiLinks = [
  { href: "/api/v1/openapi.json", label: "OpenAPI document" },
  { href: "/api/v1/health", label: "API health" },
] as const;

const linkClass =
  "rounded hover:text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:hover:text-zinc-100";

/** `version`: the build, read on the server (server/version.ts) by the root layout. */
export function SiteFooter({ version }: { version: string }) {
  return (
    <footer className="border-t border-zinc-200 dark:border-zinc-800">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-zinc-500 sm:flex-row sm:items-center sm:justify-between sm:px-6 dark:text-zinc-400">
        <p>
          Customer Email Service <span className="text-zinc-400 dark:text-zinc-600">·</span> build {version}
        </p>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            <li>
              <Link href="/docs/api" className={linkClass}>
                API reference
              </Link>
            </li>
            {apiLinks.map((link) => (
              <li key={link.href}>
                <a href={link.href} className={linkClass}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
