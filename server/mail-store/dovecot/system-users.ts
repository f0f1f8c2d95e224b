// Which system users Dovecot runs as. As root it refuses root for its login
// processes: logins run as `dovenull`, internal processes as `dovecot` (both
// made by Debian's package) and mail is owned by `vmail`, created here when
// missing. As an ordinary user every process runs as that user (Dovecot's
// "running as non-root" mode, without chroots).
import { execFileSync } from "node:child_process";
import { userInfo } from "node:os";

export type DovecotUsers = {
  asRoot: boolean;
  loginUser: string;
  internalUser: string;
  mailUser: string;
  mailUid: number;
  mailGid: number;
  /** The group through which the internal user reads the secret files. */
  internalGid: number;
};

const MAIL_USER = "vmail";

function lookupIds(name: string): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync("id", ["-u", name], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim());
    const gid = Number(execFileSync("id", ["-g", name], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

export function dovecotUsers(): DovecotUsers {
  const me = userInfo();
  if (me.uid !== 0) {
    return {
      asRoot: false,
      loginUser: me.username,
      internalUser: me.username,
      mailUser: me.username,
      mailUid: me.uid,
      mailGid: me.gid,
      internalGid: me.gid,
    };
  }
  let mail = lookupIds(MAIL_USER);
  if (!mail) {
    execFileSync("useradd", ["--system", "--user-group", "--no-create-home", "--shell", "/usr/sbin/nologin", MAIL_USER], {
      stdio: "ignore",
    });
    mail = lookupIds(MAIL_USER);
    if (!mail) throw new Error(`could not create the ${MAIL_USER} system user`);
  }
  const internal = lookupIds("dovecot");
  if (!internal) throw new Error("the dovecot system user is missing: reinstall dovecot-core");
  return {
    asRoot: true,
    loginUser: "dovenull",
    internalUser: "dovecot",
    mailUser: MAIL_USER,
    mailUid: mail.uid,
    mailGid: mail.gid,
    internalGid: internal.gid,
  };
}
