// System users Debian's packages create: the postfix user (the child Postfix's
// data directory must belong to it) and _mta-sts (the MTA-STS resolver runs
// as it).
import { readFileSync } from "node:fs";

export type PostfixUser = { uid: number; gid: number };

export function systemUser(name: string, passwd = "/etc/passwd"): PostfixUser | null {
  for (const line of readFileSync(passwd, "utf8").split("\n")) {
    const [entry, , uid, gid] = line.split(":");
    if (entry === name) return { uid: Number(uid), gid: Number(gid) };
  }
  return null;
}

export const postfixUser = (passwd = "/etc/passwd") => systemUser("postfix", passwd);
