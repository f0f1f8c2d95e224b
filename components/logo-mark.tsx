/** The product mark: an envelope on an indigo tile. Decorative; the name beside it is the label. */
export function LogoMark({ className = "size-7" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <rect width="32" height="32" rx="8" className="fill-indigo-600 dark:fill-indigo-500" />
      <path d="M8 11.5h16v10H8z" fill="none" stroke="white" strokeWidth="2" strokeLinejoin="round" />
      <path d="m8 12 8 6 8-6" fill="none" stroke="white" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}
