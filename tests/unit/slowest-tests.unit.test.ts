// The end of `npm test` lists the slowest tests of both runners' reports.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { slowestTests } from "@/scripts/slowest-tests";

describe("slowestTests", () => {
  it("merges Vitest and Playwright reports, slowest first, and skips reports that are missing", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "slowest-"));
    const vitest = path.join(dir, "vitest.json");
    const e2e = path.join(dir, "e2e.json");
    writeFileSync(
      vitest,
      JSON.stringify({
        testResults: [
          {
            name: path.join(process.cwd(), "tests/a.test.ts"),
            assertionResults: [
              { fullName: "fast", duration: 5 },
              { fullName: "slow", duration: 9_000 },
            ],
          },
        ],
      }),
    );
    writeFileSync(
      e2e,
      JSON.stringify({
        suites: [
          {
            title: "b.spec.ts",
            file: "b.spec.ts",
            suites: [{ title: "group", specs: [{ title: "walk", tests: [{ results: [{ duration: 3_000 }, { duration: 1_500 }] }] }] }],
          },
        ],
      }),
    );
    expect(slowestTests([vitest, e2e, path.join(dir, "missing.json")], 2)).toEqual([
      { name: "tests/a.test.ts › slow", seconds: 9 },
      { name: "b.spec.ts › group › walk", seconds: 4.5 },
    ]);
  });
});

describe("slowestTests on a broken report", () => {
  it("leaves out a report it cannot read instead of failing the run's summary", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "slowest-broken-"));
    const broken = path.join(dir, "vitest.json");
    writeFileSync(broken, '{"testResults": [');
    expect(slowestTests([broken])).toEqual([]);
  });
});
