// axe-core on every page (e2e/support/page-routes.ts reads them from app/):
// signed out, and signed in for the portal's pages and the pages everyone
// sees, in the light and the dark theme. No serious or critical violation of
// WCAG 2.x A/AA rules is allowed.
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
    for (const colorScheme of ["light", "dark"] as const) {
      test(`${route.path} ${signedIn ? "signed in" : "signed out"}, ${colorScheme}: no serious or critical violations`, async ({
        page,
      }) => {
        const arrange = signedIn ? dynamicPageSamples[route.path] : undefined;
        const arrangePublic = publicDynamicPageSamples[route.path];
        test.skip(Boolean(route.skipReason) && !arrange && !arrangePublic, route.skipReason);
        // A sign-up, a page load to network idle and a full axe audit (the API reference's page is large): on a busy 2-core machine this passed 30 s.
        test.slow();
        const account = newAccount("a11y");
        if (signedIn) await signUpThroughPortal(page.context().request, account);
        const path = arrange ? await arrange(page, account) : arrangePublic ? await arrangePublic(page.request) : route.path;
        await page.emulateMedia({ colorScheme });
        await page.goto(path);
        await expect(page).toHaveURL(new RegExp(`${path === "/" ? "/$" : path}(\\?|$)`));
        // Let client components fetch and render their data before the audit.
        await waitForPageData(page, route.path);
        await expect(page.locator("html")).toHaveAttribute("data-theme", colorScheme);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  }
});
