// The colour theme: a stored preference (light | dark | system) resolved to
// the data-theme attribute on <html>, which Tailwind's `dark:` variant keys on.

export type ThemePreference = "light" | "dark" | "system";

export const themePreferences: readonly ThemePreference[] = ["light", "dark", "system"];

export const THEME_STORAGE_KEY = "ces-theme";

/**
 * Applies a preference to <html> and returns it normalised. Self-contained on
 * purpose (no imports, no closures, ES5 syntax): its source text is also part
 * of the inline script that runs before first paint, so both paths agree.
 */
export function applyTheme(value: string | null): ThemePreference {
  var preference: ThemePreference = value === "light" || value === "dark" ? value : "system";
  var resolved = preference === "system" ? (window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light") : preference;
  var root = document.documentElement;
  root.setAttribute("data-theme", resolved);
  root.setAttribute("data-theme-preference", preference);
  root.style.colorScheme = resolved;
  return preference;
}

/**
 * The pre-paint script: apply the stored preference, then follow the system
 * setting while the current preference (kept on <html>) is "system".
 */
export const themeScript = [
  "(function(){",
  `var apply=${applyTheme.toString()};`,
  `var stored=null;try{stored=window.localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)})}catch(e){}`,
  "apply(stored);",
  'window.matchMedia("(prefers-color-scheme: dark)").addEventListener("change",function(){',
  'apply(document.documentElement.getAttribute("data-theme-preference"))});',
  "})();",
].join("");
