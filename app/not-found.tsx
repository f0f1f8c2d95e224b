import type { Metadata } from "next";
import { ButtonLink } from "@/components/button-link";

export const metadata: Metadata = { title: "Page not found" };

export default function NotFound() {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center sm:py-32">
      <p className="font-mono text-sm font-medium text-indigo-600 dark:text-indigo-400">404</p>
      <h1 className="mt-3 text-3xl font-semibold tracking-tight text-zinc-900 sm:text-4xl dark:text-white">Page not found</h1>
      <p className="mt-4 text-base leading-7 text-zinc-600 dark:text-zinc-400">
        There is nothing at this address. Check the link for a typo; if it came from us and should work, tell support where you found it.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink href="/">Back to home</ButtonLink>
        <ButtonLink href="/dashboard" variant="secondary">
          Dashboard
        </ButtonLink>
        <ButtonLink href="/support" variant="secondary">
          Contact support
        </ButtonLink>
      </div>
    </section>
  );
}
