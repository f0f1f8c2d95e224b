// axe-core's serious and critical WCAG 2.x A/AA violations on the current page,
// shaped for a readable failure (e2e/accessibility.spec.ts, e2e/mobile.spec.ts).
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

const blocking = new Set(["serious", "critical"]);

export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    // Markup we do not write is marked data-third-party; our page around it is audited.
    .exclude("[data-third-party]")
    .analyze();
  return results.violations
    .filter((violation) => blocking.has(violation.impact ?? ""))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes
        .slice(0, 5)
        .map((node) => `${node.target.join(" ")}: ${node.failureSummary?.split("\n").slice(1, 3).join(" ")}`),
    }));
}
