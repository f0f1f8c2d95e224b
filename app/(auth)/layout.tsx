// Sign-in and sign-up: a centred card on a quiet backdrop.
export default function AuthLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="relative flex min-h-full justify-center overflow-hidden px-4 py-12 sm:py-20">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 -top-48 h-96 bg-[radial-gradient(ellipse_at_top,var(--color-indigo-100),transparent_70%)] dark:bg-[radial-gradient(ellipse_at_top,color-mix(in_oklab,var(--color-indigo-500)_14%,transparent),transparent_70%)]"
      />
      <div className="relative flex w-full justify-center">{children}</div>
    </div>
  );
}
