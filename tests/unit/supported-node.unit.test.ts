// Which Node.js the service runs on, and what a newcomer on an older one is
// told: npm refuses the install (engine-strict), and `npm start` and
// `npm test` refuse to start, naming the README's line that gets Node 24.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isSupportedNode, NODE_24_COMMAND } from "@/server/runtime/supported-node";

describe("isSupportedNode", () => {
  it.each([
    ["20.20.2", false],
    ["v20.20.2", false],
    ["22.18.0", false],
    ["22.19.0", true],
    ["22.21.1", true],
    ["23.11.0", false],
    ["24.0.0", true],
    ["v24.21.0", true],
    ["25.2.0", true],
  ])("%s → %s", (version, supported) => {
    expect(isSupportedNode(version)).toBe(supported);
  });

  it("is the range package.json's engines declares, which npm enforces and .nvmrc names", () => {
    const manifest = JSON.parse(readFileSync("package.json", "utf8")) as { engines: { node: string } };
    expect(manifest.engines.node).toBe("^22.19.0 || >=24");
    expect(readFileSync(".npmrc", "utf8")).toMatch(/^engine-strict=true$/m);
    expect(isSupportedNode(readFileSync(".nvmrc", "utf8").trim())).toBe(true);
  });
});

describe("the README's way to Node 24", () => {
  it("is in the quick start, word for word as the refusal prints it", () => {
    const readme = readFileSync("README.md", "utf8");
    const quickStart = readme.slice(readme.indexOf("## Quick start"), readme.indexOf("## Send your first email"));
    expect(quickStart).toContain(`\n${NODE_24_COMMAND}\n`);
  });
});

describe("on an unsupported Node.js", () => {
  it("npm start's and npm test's scripts load the check before any other module", () => {
    for (const script of ["scripts/start.ts", "scripts/test-all.ts"]) {
      const firstImport = /^import .*$/m.exec(readFileSync(script, "utf8"))?.[0];
      expect(firstImport, script).toBe('import "@/server/runtime/refuse-unsupported-node";');
    }
  });

  // Debian's apt installs Node 20: the machine's own node, when it is an unsupported one.
  const oldNode = ["/usr/bin/node", "/usr/local/bin/node"].find((binary) => {
    const version = spawnSync(binary, ["--version"], { encoding: "utf8" }).stdout?.trim();
    return version ? !isSupportedNode(version) : false;
  });

  // The launcher's start-up through tsx takes seconds on a busy machine; the spawn's own limit is 20 s.
  it.skipIf(!oldNode)(
    `npm start refuses to start, exits 1 and prints the README's line (${oldNode ?? "no older node here"})`,
    { timeout: 30_000 },
    () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), "ces-old-node-"));
      // What `npm start` runs. Were the check missing, the launcher would start: on ports no one uses, off in 20 s.
      const result = spawnSync(oldNode!, ["--import", "tsx", "scripts/start.ts"], {
        encoding: "utf8",
        timeout: 20_000,
        env: {
          NODE_ENV: "production",
          PATH: `${path.dirname(oldNode!)}:/usr/bin:/bin`,
          DATA_DIR: dataDir,
          PORT: "0",
          SUBMISSION_PORT: "0",
          SUBMISSIONS_PORT: "0",
          MX_PORT: "0",
          DEV_DNS_PORT: "0",
          DOVECOT: "off",
          POSTFIX: "off",
          RSPAMD: "off",
        },
      });
      const version = spawnSync(oldNode!, ["--version"], { encoding: "utf8" }).stdout.trim();
      expect(result.status, result.stdout + result.stderr).toBe(1);
      expect(result.stderr).toContain(`Node.js ${version} is not supported`);
      expect(result.stderr).toContain('README.md, "Quick start"');
      expect(result.stderr).toContain(NODE_24_COMMAND);
    },
  );
});
