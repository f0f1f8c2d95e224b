// A throwaway self-signed certificate for the test SMTP relays, made at setup
// time (never committed) the way the app makes its own mail certificate. It
// names localhost and 127.0.0.1; the app under test trusts it through
// RELAY_EXTRA_CA_FILE.
import { selfSignedCertificateFiles } from "@/server/security/tls-credentials";

export type CertificateFiles = { keyFile: string; certFile: string };

/** Synchronous (Playwright's config needs it before the web server starts); reuses files already made in `directory`. */
export function selfSignedCertificate(directory: string): CertificateFiles {
  return selfSignedCertificateFiles(directory, "localhost");
}
