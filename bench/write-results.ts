// Where every benchmark leaves its figures: bench/results/<name>.json for
// tools and <name>.md for people (the table docs/ copies), the table also printed.
import { mkdirSync, writeFileSync } from "node:fs";

export function writeResults(name: string, figures: unknown, table: string): void {
  mkdirSync("bench/results", { recursive: true });
  writeFileSync(`bench/results/${name}.json`, JSON.stringify(figures, null, 2));
  writeFileSync(`bench/results/${name}.md`, `${table}\n`);
  console.log(table);
}
