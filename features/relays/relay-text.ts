// Words for relay settings and test outcomes, shared by the list and the form.
import type { RelayEncryption, RelayTestError } from "@/shared/schemas/smtp-relay";

export const encryptionLabels: Record<RelayEncryption, string> = {
  starttls: "STARTTLS",
  ssl_tls: "SSL/TLS",
  none: "None",
};

export const encryptionHints: Record<RelayEncryption, string> = {
  starttls: "Upgrades the connection with STARTTLS; refuses servers that cannot. Usually port 587.",
  ssl_tls: "TLS from the first byte (implicit TLS). Usually port 465.",
  none: "No encryption: the password crosses the network in the clear. Only for servers on a trusted network.",
};

/** The port each mode usually runs on, offered when the mode changes. */
export const usualPorts: Record<RelayEncryption, number> = { starttls: 587, ssl_tls: 465, none: 25 };

export const testErrorLabels: Record<RelayTestError, string> = {
  dns_failure: "DNS failure",
  refused: "Connection refused",
  tls_error: "TLS error",
  auth_rejected: "Authentication rejected",
  timeout: "Timed out",
};
