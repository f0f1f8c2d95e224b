// axe-core's serious and critical WCAG 2.x A/AA violations on the current page,
// shaped for a readable failure (e2e/accessibility.spec.ts, e2e/mobile.spec.ts).
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./test";

const blocking = new Set(["serious", "critical"]);

/**
 * Frames axe would enter that run no script: a sandbox without allow-scripts
 * fires no timers, and axe's run inside such a frame resolves through
 * setTimeout, so it never finishes (when its injection beats the 1 s limit
 * @axe-core/playwright gives it; otherwise the frame is skipped unannounced).
 * Such a frame holds someone else's markup and must be marked data-third-party.
 */
async function scriptlessFramesInAudit(page: Page): Promise<string[]> {
  return page
    .locator("iframe[sandbox]")
    .evaluateAll((frames) =>
      frames
        .filter((frame) => !frame.closest("[data-third-party]") && !(frame as HTMLIFrameElement).sandbox.contains("allow-scripts"))
        .map((frame) => frame.outerHTML.slice(0, 160)),
    );
}

export async function seriousViolations(page: Page) {
  expect(await scriptlessFramesInAudit(page), "sandboxed frames without allow-scripts need data-third-party (e2e/support/axe.ts)").toEqual(
    [],
  );
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
