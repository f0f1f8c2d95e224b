import path from "node:path";

/**
 * Where the file transport writes and the dev mailbox reads. Its own module so
 * the mailbox page does not pull the transport (and nodemailer) into the app bundle.
 */
export function mailDirectory(dataDir: string): string {
  return path.join(dataDir, "mail");
}
