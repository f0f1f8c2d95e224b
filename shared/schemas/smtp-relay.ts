// SMTP relays (docs/api.md and docs/relays.md): the API's request and response shapes,
// also used by the portal's form.
import { z } from "zod";
import { relayEncryptions, relayStatuses, relayTestErrors } from "@/shared/relay-kinds";

export type RelayEncryption = (typeof relayEncryptions)[number];
export type RelayStatus = (typeof relayStatuses)[number];
export type RelayTestError = (typeof relayTestErrors)[number];

const hostLabel = "(?!-)[a-z0-9-]{1,63}(?<!-)";
const hostNamePattern = new RegExp(`^${hostLabel}(\\.${hostLabel})*$`);
const ipv4 = z.ipv4();
const ipv6 = z.ipv6();

/** A DNS host name or an IP address: no scheme, port, path or spaces. */
export function isHostNameOrIp(value: string): boolean {
  if (ipv4.safeParse(value).success || ipv6.safeParse(value).success) return true;
  // Dotted numbers that are not an IPv4 address (e.g. 999.1.1.1) are not host names either.
  if (/^[0-9.]+$/.test(value)) return false;
  return value.length <= 253 && hostNamePattern.test(value);
}

const relayName = z.string().trim().min(1, "Name is required").max(100, "Name must be at most 100 characters");

const smtpHost = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "Host is required")
  .max(253, "Host must be at most 253 characters")
  .refine(isHostNameOrIp, "Enter a host name or IP address, like smtp.example.com: no scheme, port or spaces")
  .meta({ description: "Host name or IP address of the SMTP server, without scheme or port.", example: "smtp.example.com" });

const smtpPort = z
  .number({ error: "Port must be a whole number from 1 to 65535" })
  .int("Port must be a whole number from 1 to 65535")
  .min(1, "Port must be a whole number from 1 to 65535")
  .max(65535, "Port must be a whole number from 1 to 65535")
  .meta({ example: 587 });

const smtpUsername = z.string().trim().min(1, "Username must not be empty").max(255, "Username must be at most 255 characters");
const smtpPassword = z
  .string()
  .min(1, "Password must not be empty")
  .max(255, "Password must be at most 255 characters")
  .meta({ description: "Write-only: stored encrypted, never returned.", writeOnly: true });

const encryption = z.enum(relayEncryptions).meta({
  description:
    "`none`: plain SMTP; `starttls`: upgrade with STARTTLS (required); `ssl_tls`: TLS from the first byte (implicit TLS, usually port 465).",
});
const status = z.enum(relayStatuses).meta({ description: "`inactive` relays are kept but never used for sending." });

/** Username and password are optional together (docs/relays.md). */
const credentialsTogether = (body: { smtp_username?: string; smtp_password?: string }, context: z.RefinementCtx) => {
  if (body.smtp_username !== undefined && body.smtp_password === undefined) {
    context.addIssue({ code: "custom", path: ["smtp_password"], message: "Password is required with a username" });
  }
  if (body.smtp_password !== undefined && body.smtp_username === undefined) {
    context.addIssue({ code: "custom", path: ["smtp_username"], message: "Username is required with a password" });
  }
};

export const createSmtpRelayBody = z
  .strictObject({
    name: relayName,
    smtp_host: smtpHost,
    smtp_port: smtpPort,
    smtp_username: smtpUsername.optional(),
    smtp_password: smtpPassword.optional(),
    encryption: encryption.default("starttls"),
    status: status.default("active"),
    is_default: z
      .boolean()
      .optional()
      .meta({ description: "Make this the account's default relay. The account's first relay is the default unless `false` is sent." }),
  })
  .superRefine(credentialsTogether)
  .meta({ id: "CreateSmtpRelayRequest" });

export const updateSmtpRelayBody = z
  .strictObject({
    name: relayName.optional(),
    smtp_host: smtpHost.optional(),
    smtp_port: smtpPort.optional(),
    smtp_username: smtpUsername
      .nullable()
      .optional()
      .meta({ description: "`null` removes the credentials (send `smtp_password: null` with it)." }),
    smtp_password: smtpPassword.nullable().optional().meta({
      description: "Write-only. Left out, the stored password is kept; `null` (with `smtp_username: null`) removes the credentials.",
    }),
    encryption: encryption.optional(),
    status: status.optional(),
    is_default: z.boolean().optional().meta({
      description: "`true` makes this the default (the previous default stops being one); `false` leaves the account without a default.",
    }),
  })
  .refine((body) => Object.keys(body).length > 0, { message: "Send at least one field to change", path: [] })
  .superRefine((body, context) => {
    // Removing credentials takes both fields; a new password alone is fine (the username is kept).
    if (body.smtp_username === null && body.smtp_password !== null) {
      context.addIssue({ code: "custom", path: ["smtp_password"], message: "Send smtp_password: null to remove the credentials" });
    }
    if (body.smtp_password === null && body.smtp_username !== null) {
      context.addIssue({ code: "custom", path: ["smtp_username"], message: "Send smtp_username: null to remove the credentials" });
    }
  })
  .meta({ id: "UpdateSmtpRelayRequest" });

export const smtpRelayIdParams = z.object({ id: z.string() });

export const smtpRelaySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    smtp_host: z.string(),
    smtp_port: z.number().int(),
    smtp_username: z.string().nullable(),
    encryption: z.enum(relayEncryptions),
    status: z.enum(relayStatuses),
    is_default: z.boolean(),
    hasPassword: z.boolean().meta({ description: "Whether a password is stored (it is never returned)." }),
    lastTestedAt: z.iso.datetime().nullable(),
    lastTestOk: z.boolean().nullable(),
    lastTestError: z.enum(relayTestErrors).nullable(),
    lastTestMessage: z.string().nullable().meta({ description: "The last test's outcome in words." }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: "SmtpRelay" });

export type SmtpRelay = z.output<typeof smtpRelaySchema>;
