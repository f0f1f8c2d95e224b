import { LogoMark } from "@/components/logo-mark";

type AuthCardProps = {
  title: string;
  description: React.ReactNode;
  children: React.ReactNode;
  /** Below the card: the link to the other auth page. */
  footer: React.ReactNode;
  /** For multi-step pages: focus moves to the heading when the step changes. */
  headingRef?: React.Ref<HTMLHeadingElement>;
};

/** The frame of the sign-in and sign-up pages: mark, heading, a card with the form. */
export function AuthCard({ title, description, children, footer, headingRef }: AuthCardProps) {
  return (
    <div className="w-full max-w-[26rem]">
      <div className="flex flex-col items-center text-center">
        <LogoMark className="size-10" />
        <h1
          ref={headingRef}
          tabIndex={headingRef ? -1 : undefined}
          className="mt-6 text-2xl font-semibold tracking-tight text-zinc-900 focus:outline-none dark:text-white"
        >
          {title}
        </h1>
        <p className="mt-2 text-sm leading-6 text-zinc-600 dark:text-zinc-400">{description}</p>
      </div>
      <div className="mt-8 rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm shadow-zinc-900/5 sm:p-8 dark:border-zinc-800 dark:bg-zinc-900/70 dark:shadow-none">
        {children}
      </div>
      <p className="mt-6 text-center text-sm text-zinc-600 dark:text-zinc-400">{footer}</p>
    </div>
  );
}

export const textLinkClass =
  "rounded font-medium text-indigo-600 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-indigo-400";
