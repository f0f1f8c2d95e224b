// The line each benchmark ends with per target it checks, so anyone sees at a
// glance what holds: `target <name>: <measured> (goal <goal>): ok|short`.
export function targetLine(name: string, measured: number | string, goal: string, met: boolean): string {
  const value = typeof measured === "number" ? (Number.isInteger(measured) ? String(measured) : measured.toFixed(2)) : measured;
  return `target ${name}: ${value} (goal ${goal}): ${met ? "ok" : "short"}`;
}
