"use client";
// A component that shows only after a click or a refused change (a dialog's
// form, a confirmation panel) and brings code nothing else on its page needs
// (react-hook-form alone is ≈ 13 kB gzip): fetched when it first appears, so
// the page's first load carries none of it. A line says "Loading…" meanwhile.
import { type ComponentType, lazy, Suspense } from "react";

export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: onDemand runs once per component at module level, never during render
  function OnDemand(props: P) {
    return (
      <Suspense
        fallback={
          <p role="status" className="text-sm text-zinc-500 dark:text-zinc-400">
            Loading…
          </p>
        }
      >
        <Loaded {...props} />
      </Suspense>
    );
  }
  return OnDemand;
}
