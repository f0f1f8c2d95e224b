// DKIM verified by Debian's python3-dkim (dkimpy), a verifier nobody here
// wrote. dkimpy reads the key through a DNS function: this one answers from
// the TXT records the test looked up in the test DNS server, so the key is
// the one the domain publishes. Debian's own interpreter, not whichever
// python3 comes first on the PATH (a pyenv one lacks the Debian module).
import { spawnSync } from "node:child_process";

const VERIFY = `
import dkim, json, sys
records = json.loads(sys.argv[1])
def dnsfunc(name, timeout=5):
    key = (name.decode() if isinstance(name, bytes) else name).rstrip(".").lower()
    value = records.get(key)
    return value.encode() if value else None
message = sys.stdin.buffer.read()
print("pass" if dkim.verify(message, dnsfunc=dnsfunc) else "fail")
`;

/** Whether dkimpy finds the message's first DKIM signature valid, with `records` as the DNS (name → TXT value). */
export function pythonDkimVerifies(raw: string | Buffer, records: Record<string, string>): boolean {
  const lowered = Object.fromEntries(Object.entries(records).map(([name, value]) => [name.toLowerCase(), value]));
  const run = spawnSync("/usr/bin/python3", ["-c", VERIFY, JSON.stringify(lowered)], { input: raw, encoding: "utf8", timeout: 10_000 });
  if (run.status !== 0) throw new Error(`python3-dkim failed: ${run.stderr}`);
  return run.stdout.trim() === "pass";
}

/** The tag list of the message's DKIM-Signature field (unfolded), e.g. `h` → the signed fields. */
export function dkimTags(raw: string): Record<string, string> {
  const field = /^DKIM-Signature:(.*(?:\r?\n[ \t].*)*)/im.exec(raw)?.[1];
  if (!field) throw new Error("no DKIM-Signature field");
  return Object.fromEntries(
    field
      .replace(/\r?\n[ \t]+/g, "")
      .split(";")
      .map((tag) => tag.trim())
      .filter(Boolean)
      .map((tag) => [tag.slice(0, tag.indexOf("=")).trim(), tag.slice(tag.indexOf("=") + 1).replace(/\s+/g, "")]),
  );
}
