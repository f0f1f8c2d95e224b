// axe-core on every page (e2e/support/page-routes.ts reads them from app/):
// signed out, and signed in for the portal's pages and the pages everyone
// sees, in the light and then (reloaded) the dark theme. No serious or
// critical violation of WCAG 2.x A/AA rules is allowed.
import { seriousViolations } from "./support/axe";
import { newAccount, signUpThroughPortal } from "./support/accounts";
import { dynamicPageSamples, publicDynamicPageSamples } from "./support/dynamic-page-samples";
import { waitForPageData } from "./support/page-data";
import { pageRoutes, type PageRoute } from "./support/page-routes";
import { expect, test } from "./support/test";

/** The portal's own pages need a session; auth pages send signed-in visitors onwards, so they are checked signed out only. */
const visits = pageRoutes.flatMap((route) => {
  const isAuthPage = route.file.includes("(auth)");
  const signedOut = route.signedIn ? [] : [{ route, signedIn: false }];
  const signedIn = route.signedIn || !isAuthPage ? [{ route, signedIn: true }] : [];
  return [...signedOut, ...signedIn] as { route: PageRoute; signedIn: boolean }[];
});

test.describe("accessibility (axe-core)", () => {
  for (const { route, signedIn } of visits) {
    // One test per page for both themes: the arranging (a sign-up, sample data) is the slow part, and a reload shows the other theme.
    test(`${route.path} ${signedIn ? "signed in" : "signed out"}, light and dark: no serious or critical violations`, async ({ page }) => {
      const arrange = signedIn ? dynamicPageSamples[route.path] : undefined;
      const arrangePublic = publicDynamicPageSamples[route.path];
      test.skip(Boolean(route.skipReason) && !arrange && !arrangePublic, route.skipReason);
      // A sign-up, two page loads to network idle and two full axe audits (the API reference's page is large).
      test.slow();
      const account = newAccount("a11y");
      if (signedIn) await signUpThroughPortal(page.context().request, account);
      const path = arrange ? await arrange(page, account) : arrangePublic ? await arrangePublic(page.request) : route.path;
      for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme });
        if (colorScheme === "light") await page.goto(path);
        else await page.reload();
        await expect(page).toHaveURL(new RegExp(`${path === "/" ? "/$" : path}(\\?|$)`));
        // Let client components fetch and render their data before the audit.
        await waitForPageData(page, route.path);
        await expect(page.locator("html")).toHaveAttribute("data-theme", colorScheme);
        expect(await seriousViolations(page), `${colorScheme} theme`).toEqual([]);
      }
    });
  }
});
