// Shell blocks the docs tell people to paste, run the way a person runs them:
// the block as written, with bash, and only node and the system's binaries on PATH.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

/** The first ```sh block under a `## heading` of a Markdown file. */
export function shBlock(file: string, heading: string): string {
  const text = readFileSync(file, "utf8");
  const at = text.indexOf(`## ${heading}\n`);
  if (at < 0) throw new Error(`no "## ${heading}" in ${file}`);
  const block = /```sh\n([\s\S]*?)```/.exec(text.slice(at))?.[1];
  if (!block) throw new Error(`no sh block under "${heading}" in ${file}`);
  return block;
}

export type BashRun = { status: number | null; stdout: string; stderr: string; seconds: number };

/** Runs a shell script with bash and only the node and system binaries on PATH: what a fresh machine with Node.js has. */
export function runBash(script: string, env: Record<string, string>): Promise<BashRun> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn("bash", ["-c", script], {
      env: { ...process.env, PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin`, ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("close", (status) => resolve({ status, stdout, stderr, seconds: (Date.now() - started) / 1000 }));
  });
}
