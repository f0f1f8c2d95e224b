"use client";

import Link from "next/link";
import { useState } from "react";

type IntentLinkProps = Omit<React.ComponentProps<typeof Link>, "prefetch">;

/**
 * A `Link` that prefetches its page once the visitor reaches for it (pointer
 * over it, keyboard focus, a touch) instead of when it scrolls into view.
 * The portal's navigation shows fifteen links on every page: prefetched on
 * sight, each page view cost fifteen server renders nobody asked for (about
 * 40 % of the machine's CPU for a page load, docs/performance.md, "Portal pages").
 */
export function IntentLink({ onMouseEnter, onFocus, onTouchStart, ...props }: IntentLinkProps) {
  const [wanted, setWanted] = useState(false);
  const want = () => setWanted(true);
  return (
    <Link
      {...props}
      // null: Next's default prefetch, started by the render after the visitor's intent; false until then.
      prefetch={wanted ? null : false}
      onMouseEnter={(event) => {
        want();
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        want();
        onFocus?.(event);
      }}
      onTouchStart={(event) => {
        want();
        onTouchStart?.(event);
      }}
    />
  );
}
