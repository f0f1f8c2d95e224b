// The postfix system user Debian's package creates: its data directory must
// belong to it.
import { readFileSync } from "node:fs";

export type PostfixUser = { uid: number; gid: number };

export function postfixUser(passwd = "/etc/passwd"): PostfixUser | null {
  for (const line of readFileSync(passwd, "utf8").split("\n")) {
    const [name, , uid, gid] = line.split(":");
    if (name === "postfix") return { uid: Number(uid), gid: Number(gid) };
  }
  return null;
}
