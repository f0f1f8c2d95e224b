// Which transport carries the service's own emails (codes, links, receipts):
// docs/configuration.md, "EMAIL_TRANSPORT". Outside production the dev mailbox
// (`file`); in production `outbound` (the service's own Postfix) when Postfix
// takes mail and no other transport is configured, else the operator names one.
import type { PostfixSettings } from "@/server/outbound/postfix/postfix-env";

export type EmailTransportName = "resend" | "smtp" | "outbound" | "file";

type TransportVariables = { SMTP_URL?: string; RESEND_API_KEY?: string };

/** Whether customers' mail and the service's emails can go out through Postfix (the child or POSTFIX=external). */
const postfixTakesMail = (postfix: PostfixSettings) => postfix.mode === "external" || postfix.wantsChild;

/** The transport when EMAIL_TRANSPORT is unset; null: production, and nothing to choose from. */
export function defaultEmailTransport(raw: TransportVariables, postfix: PostfixSettings, isProduction: boolean): EmailTransportName | null {
  if (!isProduction) return "file";
  if (postfixTakesMail(postfix) && !raw.SMTP_URL && !raw.RESEND_API_KEY) return "outbound";
  return null;
}

export function emailTransportProblems(
  transport: EmailTransportName | null,
  raw: TransportVariables,
  postfix: PostfixSettings,
  isProduction: boolean,
): string[] {
  if (transport === null || (transport === "file" && isProduction)) {
    return ["EMAIL_TRANSPORT: production needs resend (RESEND_API_KEY), smtp (SMTP_URL) or outbound (Postfix)"];
  }
  if (transport === "smtp" && !raw.SMTP_URL) return ["SMTP_URL: required when EMAIL_TRANSPORT=smtp"];
  if (transport === "resend" && !raw.RESEND_API_KEY) return ["RESEND_API_KEY: required when EMAIL_TRANSPORT=resend"];
  if (transport === "outbound" && !postfixTakesMail(postfix)) {
    const why =
      postfix.mode === "off"
        ? "POSTFIX=off"
        : raw.SMTP_URL
          ? "SMTP_URL is set, so no Postfix runs (use EMAIL_TRANSPORT=smtp)"
          : "outside production POSTFIX=auto runs none (set POSTFIX=on or external)";
    return [`EMAIL_TRANSPORT=outbound hands the service's emails to Postfix, which does not take mail here: ${why}`];
  }
  return [];
}
