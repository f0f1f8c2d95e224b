// The development DNS (docs/domains.md, "Without outside DNS"): outside
// production the launcher answers for the domains customers add, on
// 127.0.0.1:DEV_DNS_PORT (1053 by default, beside IMAP's 1143 and POP3's
// 1110; 5353 would meet mDNS). An explicit DNS_SERVERS wins: domain checks
// and the MX resolve through it, and the development DNS stays off unless
// DEV_DNS_PORT asks for it too. Never in production.
export const DEV_DNS_DEFAULT_PORT = 1053;

export type DevDnsSettings = {
  host: "127.0.0.1";
  port: number;
  /** Whether domain checks and the MX's SPF/DKIM/DMARC checks ask it first (no DNS_SERVERS). */
  servesLookups: boolean;
};

export function devDnsSettings(raw: { DEV_DNS_PORT?: number; DNS_SERVERS?: string[] }, isProduction: boolean): DevDnsSettings | null {
  if (isProduction) return null;
  const port = raw.DEV_DNS_PORT ?? (raw.DNS_SERVERS ? 0 : DEV_DNS_DEFAULT_PORT);
  if (port === 0) return null;
  return { host: "127.0.0.1", port, servesLookups: !raw.DNS_SERVERS };
}
