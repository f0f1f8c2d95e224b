"use client";

import { useSyncExternalStore } from "react";
import { THEME_STORAGE_KEY, applyTheme, themePreferences, type ThemePreference } from "./theme-preference";

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  // Another tab changed the preference: follow it here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    applyTheme(event.newValue);
    listener();
  };
  listeners.add(listener);
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

// The pre-paint script already put the current preference on <html>.
function readPreference(): ThemePreference {
  const value = document.documentElement.getAttribute("data-theme-preference");
  return value === "light" || value === "dark" ? value : "system";
}

function choosePreference(preference: ThemePreference) {
  try {
    if (preference === "system") window.localStorage.removeItem(THEME_STORAGE_KEY);
    else window.localStorage.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Storage disabled: the choice still applies to this page.
  }
  applyTheme(preference);
  listeners.forEach((listener) => listener());
}

const labels: Record<ThemePreference, string> = { light: "Light theme", dark: "Dark theme", system: "System theme" };

function ThemeIcon({ preference }: { preference: ThemePreference }) {
  const common = {
    width: 16,
    height: 16,
    viewBox: "0 0 24 24",
    fill: "none",
    stroke: "currentColor",
    strokeWidth: 2,
    strokeLinecap: "round" as const,
    strokeLinejoin: "round" as const,
    "aria-hidden": true,
  };
  if (preference === "light") {
    return (
      <svg {...common}>
        <circle cx="12" cy="12" r="4" />
        <path d="M12 2v2M12 20v2M4.93 4.93l1.41 1.41M17.66 17.66l1.41 1.41M2 12h2M20 12h2M4.93 19.07l1.41-1.41M17.66 6.34l1.41-1.41" />
      </svg>
    );
  }
  if (preference === "dark") {
    return (
      <svg {...common}>
        <path d="M21 12.79A9 9 0 1 1 11.21 3 7 7 0 0 0 21 12.79z" />
      </svg>
    );
  }
  return (
    <svg {...common}>
      <rect x="2" y="3" width="20" height="14" rx="2" />
      <path d="M8 21h8M12 17v4" />
    </svg>
  );
}

/** Light / dark / system, remembered in localStorage. */
export function ThemeToggle() {
  // The server cannot know the stored choice; it renders "system" and the
  // client corrects it right after hydration (the page colours are already right).
  const current = useSyncExternalStore(subscribe, readPreference, () => "system" as const);

  return (
    <div
      role="group"
      aria-label="Colour theme"
      className="inline-flex items-center gap-0.5 rounded-full border border-zinc-200 bg-zinc-50 p-0.5 dark:border-zinc-800 dark:bg-zinc-900"
    >
      {themePreferences.map((preference) => (
        <button
          key={preference}
          type="button"
          aria-label={labels[preference]}
          aria-pressed={current === preference}
          title={labels[preference]}
          onClick={() => choosePreference(preference)}
          className="inline-flex size-7 items-center justify-center rounded-full text-zinc-500 transition-colors hover:text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 aria-pressed:bg-white aria-pressed:text-zinc-900 aria-pressed:shadow-sm dark:text-zinc-400 dark:hover:text-zinc-100 dark:aria-pressed:bg-zinc-700 dark:aria-pressed:text-white"
        >
          <ThemeIcon preference={preference} />
        </button>
      ))}
    </div>
  );
}
