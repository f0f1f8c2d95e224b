// `test` for browser specs: every page is watched, and after each test it must
// have caused no CSP violation, no uncaught error and no request off our origin.
import { test as base, expect } from "@playwright/test";

export type PageGuard = {
  cspViolations: string[];
  pageErrors: string[];
  foreignRequests: string[];
};

export const test = base.extend<{ pageGuard: PageGuard }>({
  pageGuard: [
    async ({ page, baseURL }, use) => {
      const origin = new URL(baseURL!).origin;
      const guard: PageGuard = { cspViolations: [], pageErrors: [], foreignRequests: [] };

      // The DOM event catches every violation, including ones a script catches itself.
      await page.exposeFunction("__reportCspViolation", (text: string) => guard.cspViolations.push(text));
      await page.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) => {
          const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
          void report(`${event.effectiveDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`);
        });
      });
      page.on("console", (message) => {
        if (/content security policy/i.test(message.text())) guard.cspViolations.push(message.text());
      });
      page.on("pageerror", (error) => guard.pageErrors.push(error.message));
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (url.protocol === "data:" || url.protocol === "blob:") return;
        if (url.origin !== origin) guard.foreignRequests.push(request.url());
      });

      await use(guard);

      expect(guard.cspViolations, "CSP violations").toEqual([]);
      expect(guard.pageErrors, "uncaught page errors").toEqual([]);
      expect(guard.foreignRequests, "requests that left the test origin").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
