// The Message-ID header of a message the service builds (RFC 5322 §3.6.4):
// 128 random bits at the sending domain, so no two messages share one and
// the id says nothing of the account or the time.
import { randomBytes } from "node:crypto";

export const newMessageIdHeader = (domain: string) => `<${randomBytes(16).toString("hex")}@${domain}>`;
