// `npm install` runs no package's install script unless package.json's
// allowScripts decides about it; a package it does not name is a warning on
// every install. Each one in the lock file is named, allowed or not.
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";

it("names every package with an install script in allowScripts", () => {
  const { allowScripts } = JSON.parse(readFileSync("package.json", "utf8")) as { allowScripts: Record<string, boolean> };
  const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as {
    packages: Record<string, { hasInstallScript?: boolean }>;
  };
  const withScripts = Object.entries(lock.packages)
    .filter(([, entry]) => entry.hasInstallScript)
    .map(([location]) => location.slice(location.lastIndexOf("node_modules/") + "node_modules/".length));
  expect(withScripts.length).toBeGreaterThan(0);
  expect([...new Set(withScripts)].filter((name) => !(name in allowScripts))).toEqual([]);
});
