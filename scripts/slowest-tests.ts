// The slowest tests of a run, read from the runners' JSON reports (Vitest's and
// Playwright's), for the end of `npm test` and docs/testing.md: where a suite
// that must stay well inside CI's limit spends its time.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

export type TimedTest = { name: string; seconds: number };

type VitestReport = { testResults: { name: string; assertionResults: { fullName: string; duration?: number | null }[] }[] };
type PlaywrightSuite = {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: { title: string; tests: { results: { duration: number }[] }[] }[];
};

function fromVitest(file: string): TimedTest[] {
  const report = JSON.parse(readFileSync(file, "utf8")) as VitestReport;
  return report.testResults.flatMap((suite) =>
    suite.assertionResults.map((test) => ({
      name: `${path.relative(process.cwd(), suite.name)} › ${test.fullName}`,
      seconds: (test.duration ?? 0) / 1000,
    })),
  );
}

function fromPlaywright(file: string): TimedTest[] {
  const report = JSON.parse(readFileSync(file, "utf8")) as { suites: PlaywrightSuite[] };
  const walk = (suite: PlaywrightSuite, titles: string[]): TimedTest[] => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests.map((test) => ({
        name: [...titles, spec.title].join(" › "),
        seconds: test.results.reduce((sum, result) => sum + result.duration, 0) / 1000,
      })),
    ),
    ...(suite.suites ?? []).flatMap((child) => walk(child, [...titles, child.title])),
  ];
  return report.suites.flatMap((suite) => walk(suite, [suite.file ?? suite.title]));
}

/** The `count` slowest tests across the reports that exist (a report's kind is told by its name: e2e is Playwright's). */
export function slowestTests(reports: string[], count = 20): TimedTest[] {
  const read = (file: string): TimedTest[] => {
    try {
      return path.basename(file).startsWith("e2e") ? fromPlaywright(file) : fromVitest(file);
    } catch {
      // A report a crashed runner left half written: the summary says what failed; this list is only a help.
      return [];
    }
  };
  return reports
    .filter((file) => existsSync(file))
    .flatMap(read)
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count);
}
