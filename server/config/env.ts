// Configuration: every environment variable the service reads, parsed and
// validated once. A bad value stops the process with a message naming the
// variable; secrets missing outside production are generated once and kept
// under DATA_DIR so restarts (and sibling instances) agree on them.
import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";
import { booleanString, dnsServerList, encryptionKeyList, hex64, hostName, httpUrl, providerUrl } from "./env-values";
import { mailEnvProblems, mailEnvShape } from "./env-mail";
import { loadOrCreateSandboxSecret, loadOrCreateSecrets } from "./generated-secrets";
import { type MailListeners, mailListeners } from "./mail-listener-settings";
import { type MailStoreSettings, mailStoreSettings } from "./mail-store-settings";
import { type DevDnsSettings, devDnsSettings } from "./dev-dns-settings";
import { defaultEmailTransport, type EmailTransportName, emailTransportProblems } from "./email-transport-settings";
import { type PostfixSettings, postfixEnvProblems, postfixEnvShape, postfixSettings } from "@/server/outbound/postfix/postfix-env";
import { type RspamdSettings, rspamdEnvProblems, rspamdEnvShape, rspamdSettings } from "@/server/spam-filter/rspamd-env";

const envSchema = z.object({
  APP_ENV: z.enum(["development", "test", "production"]).default("development"),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** Set by the launcher when DATABASE_URL points at its embedded PGlite (see server/db/prepared.ts). */
  DATABASE_EMBEDDED: booleanString.default(false),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  DATA_DIR: z.string().min(1).default("./.data"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Web worker processes sharing the port: one per core by default (each Next.js process uses one core). */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(Math.min(availableParallelism(), 8)),
  APP_URL: httpUrl.optional(),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  ENCRYPTION_KEY: z.string().regex(hex64, "must be 64 hex characters (32 bytes)").optional(),
  ENCRYPTION_KEYS: encryptionKeyList.optional(),
  EMAIL_TRANSPORT: z.enum(["resend", "smtp", "outbound", "file"]).optional(),
  EMAIL_FROM: z.string().min(3).default("Customer Email Service <no-reply@localhost>"),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  RESEND_API_KEY: z.string().min(1).optional(),
  DNS_SERVERS: dnsServerList.optional(),
  /** The development DNS's port on 127.0.0.1 outside production (0: off); see server/config/dev-dns-settings.ts. */
  DEV_DNS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The domain customers' SPF records include (default `_spf.<APP_URL host>`). */
  SENDING_SPF_DOMAIN: hostName.optional(),
  /** Where customers' return-path CNAME points (default `bounces.<APP_URL host>`). */
  SENDING_RETURN_PATH_DOMAIN: hostName.optional(),
  /** PEM file of the service's own DKIM private key (signs the test sender's mail); generated under DATA_DIR when absent. */
  SERVICE_DKIM_KEY_FILE: z.string().min(1).optional(),
  /** The selector of the service's DKIM key (`<selector>._domainkey.<MAIL_HOSTNAME>`). */
  SERVICE_DKIM_SELECTOR: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, "expected a DNS label like ces")
    .default("ces"),
  TRUSTED_PROXIES: z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .default([]),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: providerUrl.default("https://accounts.google.com"),
  GITHUB_CLIENT_ID: z.string().min(1).optional(),
  GITHUB_CLIENT_SECRET: z.string().min(1).optional(),
  GITHUB_BASE_URL: providerUrl.default("https://github.com"),
  GITHUB_API_URL: providerUrl.default("https://api.github.com"),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_BASE: httpUrl.optional(),
  PAYSTACK_SECRET_KEY: z.string().min(1).optional(),
  PAYSTACK_API_BASE: httpUrl.default("https://api.paystack.co"),
  SANDBOX_WEBHOOK_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  RELAY_ALLOW_PRIVATE_HOSTS: booleanString.default(false),
  /** How long a relay connection test may take in all (DNS, connect, TLS, EHLO, AUTH). */
  RELAY_TEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** PEM file of extra certificate authorities trusted for relay TLS (on top of Node's built-in roots). */
  RELAY_EXTRA_CA_FILE: z.string().min(1).optional(),
  /** Whether this instance's launcher works background jobs (email delivery, re-checks). */
  RUN_JOBS: booleanString.default(true),
  /** Processes that deliver queued messages (with RUN_JOBS); 0: the launcher's primary delivers them itself. */
  DELIVERY_WORKERS: z.coerce.number().int().min(0).max(32).default(Math.min(availableParallelism(), 4)),
  /** "policy=limit/seconds,…" to change the rate limits of docs/api.md. */
  RATE_LIMIT_OVERRIDES: z
    .string()
    .regex(/^(\s*\w+=\d+\/\d+\s*)(,\s*\w+=\d+\/\d+\s*)*$/, "expected policy=limit/seconds entries")
    .optional(),
  ...mailEnvShape,
  ...postfixEnvShape,
  ...rspamdEnvShape,
  /**
   * Open event streams and waiting long polls at once, per credential (a session or an API key) and per account,
   * counted across instances (docs/events.md, "Limits").
   */
  EVENT_FEED_CONNECTIONS_PER_CREDENTIAL: z.coerce.number().int().min(1).max(100_000).default(20),
  EVENT_FEED_CONNECTIONS_PER_ACCOUNT: z.coerce.number().int().min(1).max(100_000).default(50),
  /** How often each open stream and waiting long poll re-checks its credential and renews its place while idle. */
  EVENT_FEED_RECHECK_SECONDS: z.coerce.number().int().min(1).max(30).default(15),
  /** Concurrent SMTP sessions this instance serves, and per client address. */
  SMTP_MAX_CLIENTS: z.coerce.number().int().min(1).max(100_000).default(500),
  SMTP_MAX_CLIENTS_PER_IP: z.coerce.number().int().min(1).max(10_000).default(20),
  /** How long an SMTP session may sit idle between commands before it is closed. */
  SMTP_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

type RawEnv = z.infer<typeof envSchema>;

export type EncryptionKey = { id: string; key: Buffer };

export type Env = Omit<
  RawEnv,
  "AUTH_SECRET" | "ENCRYPTION_KEY" | "ENCRYPTION_KEYS" | "EMAIL_TRANSPORT" | "SANDBOX_WEBHOOK_SECRET" | keyof typeof mailEnvShape
> & {
  /** The SMTP listeners' settings, defaults applied (docs/smtp.md). */
  mail: MailListeners;
  /** Mail storage and its read protocols (Dovecot), defaults applied (docs/mailboxes.md). */
  mailStore: MailStoreSettings;
  /** The outbound MTA (Postfix): its mode and where delivery hands off to it (docs/delivery.md). */
  postfix: PostfixSettings;
  /** The spam filter (rspamd): its mode, URL and what the MX does while it is down (docs/spam-and-rules.md). */
  rspamd: RspamdSettings;
  /** The development DNS the launcher runs; null when off and always in production (docs/domains.md). */
  devDns: DevDnsSettings | null;
  isProduction: boolean;
  dataDir: string;
  appUrl: string;
  authSecret: string;
  /** The first key encrypts; every key decrypts (rotation). */
  encryptionKeys: EncryptionKey[];
  emailTransport: EmailTransportName;
  /** The sandbox payment gateway's signing secret; undefined (gateway off) in production. */
  sandboxWebhookSecret: string | undefined;
};

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "EnvError";
  }
}

function parseEncryptionKeys(raw: RawEnv): EncryptionKey[] | undefined {
  if (raw.ENCRYPTION_KEYS) {
    return raw.ENCRYPTION_KEYS.map((entry) => {
      const [id, hex] = entry.split(":") as [string, string];
      return { id, key: Buffer.from(hex, "hex") };
    });
  }
  if (raw.ENCRYPTION_KEY) return [{ id: "k1", key: Buffer.from(raw.ENCRYPTION_KEY, "hex") }];
  return undefined;
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings mean "not set", as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`));
  }
  const raw = result.data;
  const isProduction = raw.APP_ENV === "production";
  const problems: string[] = [];
  if (isProduction) {
    if (!raw.APP_URL) problems.push("APP_URL: required in production");
    if (!raw.AUTH_SECRET) problems.push("AUTH_SECRET: required in production");
    if (!raw.ENCRYPTION_KEYS && !raw.ENCRYPTION_KEY) problems.push("ENCRYPTION_KEYS: required in production");
    if (raw.SANDBOX_WEBHOOK_SECRET) problems.push("SANDBOX_WEBHOOK_SECRET: the sandbox payment gateway is refused in production");
    if (raw.DEV_DNS_PORT) problems.push("DEV_DNS_PORT: the development DNS is refused in production");
  }
  problems.push(...mailEnvProblems(raw, isProduction));
  problems.push(...postfixEnvProblems(raw));
  problems.push(...rspamdEnvProblems(raw));
  const postfix = postfixSettings(raw);
  const chosenTransport = raw.EMAIL_TRANSPORT ?? defaultEmailTransport(raw, postfix, isProduction);
  problems.push(...emailTransportProblems(chosenTransport, raw, postfix, isProduction));
  if (problems.length > 0 || !chosenTransport) throw new EnvError(problems);
  const emailTransport = chosenTransport;

  const dataDir = path.resolve(raw.DATA_DIR);
  let authSecret = raw.AUTH_SECRET;
  let encryptionKeys = parseEncryptionKeys(raw);
  if (!authSecret || !encryptionKeys) {
    const generated = loadOrCreateSecrets(dataDir);
    authSecret ??= generated.authSecret;
    encryptionKeys ??= [{ id: "k1", key: Buffer.from(generated.encryptionKey, "hex") }];
  }

  const sandboxWebhookSecret = isProduction ? undefined : (raw.SANDBOX_WEBHOOK_SECRET ?? loadOrCreateSandboxSecret(dataDir));

  const appUrl = (raw.APP_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, "");
  const mail = mailListeners(raw, new URL(appUrl).hostname, isProduction);
  const mailStore = mailStoreSettings(raw, isProduction);

  const { AUTH_SECRET: _a, ENCRYPTION_KEY: _k, ENCRYPTION_KEYS: _ks, EMAIL_TRANSPORT: _t, SANDBOX_WEBHOOK_SECRET: _s, ...others } = raw;
  // The mail variables reach the app as `mail` and `mailStore` only.
  const rest = Object.fromEntries(Object.entries(others).filter(([name]) => !(name in mailEnvShape))) as Omit<
    typeof others,
    keyof typeof mailEnvShape
  >;
  return {
    ...rest,
    mail,
    mailStore,
    postfix,
    rspamd: rspamdSettings(raw),
    devDns: devDnsSettings(raw, isProduction),
    isProduction,
    dataDir,
    appUrl,
    authSecret,
    encryptionKeys,
    emailTransport,
    sandboxWebhookSecret,
  };
}

let cached: Env | undefined;

/** The validated configuration of this process (parsed on first use). */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/**
 * Called by the launcher once it serves the embedded database: its own
 * background jobs then reach it through env(), as the web workers do.
 */
export function useEmbeddedDatabase(url: string): void {
  process.env.DATABASE_URL = url;
  process.env.DATABASE_EMBEDDED = "true";
  cached = undefined;
}

/** Called by the launcher once it runs the child Postfix: its own delivery jobs then hand off to it, as its workers do. */
export function usePostfixHandOff(socket: string): void {
  process.env.POSTFIX_HANDOFF_SOCKET = socket;
  cached = undefined;
}
