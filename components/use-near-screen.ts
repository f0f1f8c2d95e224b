"use client";
import { type RefObject, useEffect, useState } from "react";

/**
 * Whether the element has come within 200 px of the screen (and stays true once it has): what a section below the
 * fold waits for before it loads its data or its chart library, so the page's first paint does not pay for it.
 */
export function useNearScreen(element: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (!target || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: "200px" },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, near]);
  return near;
}
