// The idle timeouts offered on /settings. The API takes any whole number of
// minutes from 5 to 43,200; a value set some other way (through the API) is
// still shown, named in the same words.

export const DEFAULT_SESSION_TIMEOUT_MINUTES = 10_080;

export const sessionTimeoutPresets: readonly number[] = [15, 60, 480, 1_440, 10_080, 43_200];

const units: [minutes: number, singular: string][] = [
  [1_440, "day"],
  [60, "hour"],
  [1, "minute"],
];

/** "15 minutes", "8 hours", "7 days", "1 day 6 hours". */
export function describeTimeout(minutes: number): string {
  const parts: string[] = [];
  let rest = minutes;
  for (const [size, name] of units) {
    const count = Math.floor(rest / size);
    if (count === 0) continue;
    parts.push(`${count} ${name}${count === 1 ? "" : "s"}`);
    rest -= count * size;
  }
  return parts.join(" ") || "0 minutes";
}

/** The choices for the select: the presets, plus the current value when it is not one of them. */
export function timeoutOptions(current: number | undefined): { value: number; label: string }[] {
  const values =
    current !== undefined && !sessionTimeoutPresets.includes(current)
      ? [...sessionTimeoutPresets, current].sort((a, b) => a - b)
      : sessionTimeoutPresets;
  return values.map((value) => ({
    value,
    label: `${describeTimeout(value)}${value === DEFAULT_SESSION_TIMEOUT_MINUTES ? " (default)" : ""}`,
  }));
}
